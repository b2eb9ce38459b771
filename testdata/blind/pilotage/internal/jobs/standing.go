package jobs

import (
	"context"
	"fmt"

	"github.com/harbourline-systems/pilotage/internal/db"
)

// StandingOrders lets liner agents book a pilot for every arrival of a
// vessel; see portfeed.EtaHandler.
type StandingOrders struct {
	q *db.Queries
}

func NewStandingOrders(q *db.Queries) *StandingOrders {
	return &StandingOrders{q: q}
}

func (s *StandingOrders) Put(ctx context.Context, o db.UpsertStandingOrderParams) error {
	if len(o.VesselImo) != 7 || o.GrossTonnage <= 0 || o.Berth == "" {
		return fmt.Errorf("%w: vessel_imo, gross_tonnage and berth are required", ErrValidation)
	}
	return s.q.UpsertStandingOrder(ctx, o)
}
