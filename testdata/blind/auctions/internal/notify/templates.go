package notify

// Template names registered with the provider.
const (
	TplOutbid          = "bid_outbid"
	TplAuctionWon      = "auction_won"
	TplAuctionLost     = "auction_lost"
	TplLotSold         = "seller_lot_sold"
	TplSecondChance    = "second_chance_offer"
	TplPaymentRequired = "payment_action_required"
)

// AddressFor picks the address for a channel from an account's contact
// details.
func AddressFor(ch Channel, email, phone string) string {
	if ch == SMS && phone != "" {
		return phone
	}
	return email
}
