package catalogue

import (
	"context"
	"fmt"

	"github.com/tidewater/loyalty/internal/domain"
)

// Item is one reward in the partner catalogue.
type Item struct {
	SKU        string
	PartnerSKU string
	Title      string
	Points     int64
	MinTier    domain.Tier
}

// ItemSource resolves catalogue SKUs; the production implementation is a
// static table refreshed by deploys.
type ItemSource interface {
	Item(ctx context.Context, sku string) (Item, error)
}

type StaticItems map[string]Item

func (s StaticItems) Item(_ context.Context, sku string) (Item, error) {
	it, ok := s[sku]
	if !ok {
		return Item{}, fmt.Errorf("%w: sku %q", domain.ErrNotFound, sku)
	}
	return it, nil
}

// DefaultItems is the launch catalogue.
var DefaultItems = StaticItems{
	"headphones-anc": {SKU: "headphones-anc", PartnerSKU: "PX-88123", Title: "Noise-cancelling headphones", Points: 42_000, MinTier: domain.TierSilver},
	"coffee-grinder": {SKU: "coffee-grinder", PartnerSKU: "PX-11009", Title: "Burr coffee grinder", Points: 18_500, MinTier: domain.TierBlue},
	"picnic-set":     {SKU: "picnic-set", PartnerSKU: "PX-55210", Title: "Four-person picnic set", Points: 9_900, MinTier: domain.TierBlue},
	"weekend-stay":   {SKU: "weekend-stay", PartnerSKU: "PX-90001", Title: "Weekend hotel stay", Points: 95_000, MinTier: domain.TierGold},
}
