package service

import (
	"context"

	"github.com/saltline-charters/charterhub/internal/ids"
	"github.com/saltline-charters/charterhub/internal/lookup"
	"github.com/saltline-charters/charterhub/internal/store"
)

// Extras adds catalogue items (bait, tackle, catering) to a booking.
type Extras struct {
	tx        TxRunner
	catalogue *lookup.Extras
}

func NewExtras(tx TxRunner, catalogue *lookup.Extras) *Extras {
	return &Extras{tx: tx, catalogue: catalogue}
}

type ExtraAdded struct {
	Extra      store.BookingExtra
	TotalCents int64
}

func (s *Extras) Add(ctx context.Context, bookingID, code string, qty int32) (ExtraAdded, error) {
	if qty <= 0 || qty > 50 {
		return ExtraAdded{}, invalid("quantity %d out of range", qty)
	}
	item, err := s.catalogue.Get(ctx, code)
	if err != nil {
		return ExtraAdded{}, notFound("extra", err)
	}
	price := item.PriceCents * int64(qty)

	return InTxResult(ctx, s.tx, func(q store.Querier) (ExtraAdded, error) {
		b, err := q.GetBookingForUpdate(ctx, bookingID)
		if err != nil {
			return ExtraAdded{}, notFound("booking", err)
		}
		if b.Status != "confirmed" {
			return ExtraAdded{}, precondition("booking %s is %s", b.ID, b.Status)
		}
		if b.BalancePaid {
			return ExtraAdded{}, precondition("balance for %s is already settled", b.ID)
		}
		extra, err := q.InsertBookingExtra(ctx, store.InsertBookingExtraParams{
			ID:         ids.New("ext"),
			BookingID:  b.ID,
			ExtraCode:  item.Code,
			Quantity:   qty,
			PriceCents: price,
		})
		if err != nil {
			return ExtraAdded{}, err
		}
		if err := q.AddToBookingTotal(ctx, b.ID, price); err != nil {
			return ExtraAdded{}, err
		}
		return ExtraAdded{Extra: extra, TotalCents: b.TotalCents + price}, nil
	})
}
