package training

import "fmt"

// PackOffer is one purchasable bundle of personal-training sessions.
type PackOffer struct {
	Sessions   int32
	PriceCents int64
	Currency   string
}

var offers = map[int32]PackOffer{
	1:  {Sessions: 1, PriceCents: 8500, Currency: "usd"},
	5:  {Sessions: 5, PriceCents: 39500, Currency: "usd"},
	10: {Sessions: 10, PriceCents: 74000, Currency: "usd"},
	20: {Sessions: 20, PriceCents: 138000, Currency: "usd"},
}

func Offer(sessions int32) (PackOffer, error) {
	o, ok := offers[sessions]
	if !ok {
		return PackOffer{}, fmt.Errorf("no pack with %d sessions", sessions)
	}
	return o, nil
}
