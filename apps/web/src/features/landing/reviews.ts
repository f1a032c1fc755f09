export interface Review {
  name: string;
  role: string;
  realm: string;
  rating: 1 | 2 | 3 | 4 | 5;
  quote: string;
}

/** Six customer voices for the landing page. */
export const REVIEWS: readonly Review[] = [
  {
    name: 'Thalrenna',
    role: 'Goblin auctioneer',
    realm: 'Area 52 (US)',
    rating: 5,
    quote:
      'I used to spend whole evenings alt-tabbing between realm lists. Now I open the flipping tool, export the Auctionator list and I am done in twenty minutes.',
  },
  {
    name: 'Brewfist',
    role: 'Pandaren monk, pet flipper',
    realm: 'Draenor (EU)',
    rating: 5,
    quote:
      'Pets are where cross-realm flipping shines, and GoldRoute finds them all. My first week paid for a whole year of subscription in gold.',
  },
  {
    name: 'Kazzik Coinfang',
    role: 'Transmog collector',
    realm: 'Tarren Mill (EU)',
    rating: 5,
    quote:
      'Realm statistics told me which markets run cheap for old-world gear. I changed my buying realms and my margins doubled.',
  },
  {
    name: 'Mistweaver Lin',
    role: 'Casual gold maker',
    realm: 'Stormrage (US)',
    rating: 4,
    quote:
      'I am not a spreadsheet person. The filters are clear, the profit already includes the auction house cut, and the guide got me going on day one.',
  },
  {
    name: 'Grimtusk',
    role: 'Orc warrior, TSM user',
    realm: 'Silvermoon (EU)',
    rating: 5,
    quote:
      'The TSM list generator saves me a stack of manual group building. One click, paste the string, and my operations are up to date.',
  },
  {
    name: 'Velessa Dawnshield',
    role: 'Guild bank officer',
    realm: 'Illidan (US)',
    rating: 5,
    quote:
      'We fund raid consumables for the whole guild with dropship deals now. Hourly data means the prices still hold when I log in.',
  },
];
