import { ToolPlaceholder } from '../components/tool-placeholder';

export function FlippingToolScreen() {
  return (
    <ToolPlaceholder toolKey="flipping">
      Deals across your buying and selling realms, with filters, sorting and Auctionator lists, will appear
      here.
    </ToolPlaceholder>
  );
}
