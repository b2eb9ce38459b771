package domain

// Fees is the commission schedule, in basis points of the hammer price.
type Fees struct {
	BuyerPremiumBPS int64
	SellerFeeBPS    int64
}

// Premium is the buyer's premium added on top of the hammer price.
func (f Fees) Premium(hammer int64) int64 { return hammer * f.BuyerPremiumBPS / 10_000 }

// SellerFee is the commission withheld from the seller.
func (f Fees) SellerFee(hammer int64) int64 { return hammer * f.SellerFeeBPS / 10_000 }

// SellerNet is what the seller is paid for a sale.
func (f Fees) SellerNet(hammer int64) int64 { return hammer - f.SellerFee(hammer) }
