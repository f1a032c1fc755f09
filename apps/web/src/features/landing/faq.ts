import { MAX_ALERT_RULES } from '@goldroute/domain/api';

export interface FaqEntry {
  question: string;
  answer: string;
}

export const FAQ: readonly FaqEntry[] = [
  {
    question: 'What is cross-realm flipping?',
    answer:
      'Every realm has its own auction house, and the same item can cost a few hundred gold on one realm and several thousand on another. Cross-realm flipping means buying where it is cheap, moving the item to a character on the expensive realm and selling it there. GoldRoute finds those gaps for you and shows the profit after the 5% auction house cut.',
  },
  {
    question: 'Which regions and game versions are supported?',
    answer:
      'GoldRoute covers World of Warcraft retail in the US and EU regions. You choose your buying and selling realms per region, and you can switch between the two at any time.',
  },
  {
    question: 'How do the Auctionator lists work?',
    answer:
      'Select the deals you want and press "Get Auctionator Lists". You get one shopping list per buying realm, with a maximum price and the right item level range for each item. Copy the text, open Auctionator in the game and import it on the Shopping tab.',
  },
  {
    question: 'Can I use TradeSkillMaster instead?',
    answer:
      'Yes. The TSM list generator builds item lists from several price sources and copies them as a TSM import string in one click, ready to paste into a TSM group.',
  },
  {
    question: 'Can I save my filters or share a view?',
    answer:
      'Yes. The Presets button next to Filters saves the current filters and sort under a name, so you reopen them in one click, in any browser; you can keep up to 50. The page address holds the filters and sort too: copy it to share a view with a friend, who sees the same filters over their own realms, or press Back to undo a filter change. A table can also be exported as a CSV file for a spreadsheet. A saved flipping preset can pick the routes of a Discord alert, too.',
  },
  {
    question: 'Can I get new routes sent to Discord?',
    answer: `Yes. Under Settings > Personal filters > Route alerts to Discord, add up to ${MAX_ALERT_RULES} alert rules: a region, a saved flipping preset or your current filters, the least expected profit and the least confidence. Paste a Discord webhook URL (a test message is posted before the rule is saved), or link your Discord account to get direct messages where the server offers them. Once a region’s hourly data has landed, each webhook gets at most one message with the new routes that pass your rules, and a route is not sent again while its listings are unchanged. A webhook that keeps failing is switched off, and the rule says why.`,
  },
  {
    question: 'How fresh is the data?',
    answer:
      'Auction house data is refreshed every hour. Each tool shows when the data was last updated and counts down to the next update, and the page reloads itself when new data arrives.',
  },
  {
    question: 'Can I get a refund?',
    answer:
      'We do not offer refunds. You can cancel at any time: your access continues until the end of the paid period, and you will not be charged again.',
  },
];
