package topups

import (
	"context"
	"errors"

	"github.com/halyard/funding/internal/provider/cardproc"
	"github.com/halyard/funding/internal/store"
)

const processorSource = "cardproc"

// HandleEvent applies a processor webhook. Charges are credited here, not
// in Create, because most card charges finish asynchronously.
func (s *Service) HandleEvent(ctx context.Context, evt cardproc.Event) error {
	events := s.store.Repos().Events
	seen, err := events.Seen(ctx, processorSource, evt.ID)
	if err != nil {
		return err
	}
	if seen {
		return nil
	}

	switch evt.Type {
	case "charge.succeeded":
		err = s.creditCharge(ctx, evt)
	case "charge.failed":
		err = s.failCharge(ctx, evt)
	default:
		s.log.DebugContext(ctx, "ignored processor event", "type", evt.Type)
	}
	if err != nil {
		return err
	}
	return events.Record(ctx, processorSource, evt.ID)
}

func (s *Service) lookup(ctx context.Context, r *store.Repos, evt cardproc.Event) (*store.CardTopup, error) {
	obj := evt.Data.Object
	t, err := r.Topups.GetByChargeID(ctx, obj.ID)
	if errors.Is(err, store.ErrNotFound) && obj.Metadata["topup_id"] != "" {
		t, err = r.Topups.Get(ctx, obj.Metadata["topup_id"])
	}
	return t, err
}

func (s *Service) creditCharge(ctx context.Context, evt cardproc.Event) error {
	return s.store.InTx(ctx, func(ctx context.Context, r *store.Repos) error {
		t, err := s.lookup(ctx, r, evt)
		if errors.Is(err, store.ErrNotFound) {
			s.log.WarnContext(ctx, "charge for unknown top-up", "charge_id", evt.Data.Object.ID)
			return nil
		}
		if err != nil {
			return err
		}
		if err := r.Topups.SetStatus(ctx, t.ID, store.TopupSucceeded); err != nil {
			return err
		}
		return r.Ledger.Apply(ctx, store.Credit(t.AccountID, t.Currency, evt.Data.Object.Amount, "card_topup", t.ID))
	})
}

func (s *Service) failCharge(ctx context.Context, evt cardproc.Event) error {
	t, err := s.lookup(ctx, s.store.Repos(), evt)
	if errors.Is(err, store.ErrNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	return s.store.Repos().Topups.SetStatus(ctx, t.ID, store.TopupFailed)
}
