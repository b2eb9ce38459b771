package prints

import (
	"context"
	"database/sql"
	"errors"

	"github.com/lenslane/photomarket/db"
	"github.com/lenslane/photomarket/internal/ids"
	"github.com/lenslane/photomarket/internal/printlab"
	"github.com/lenslane/photomarket/internal/store"
)

var labStatus = map[string]string{
	"order.accepted":  "in_production",
	"order.shipped":   "shipped",
	"order.delivered": "delivered",
	"order.failed":    "failed",
}

// HandleLabEvent applies a webhook callback from the lab.
func (s *Service) HandleLabEvent(ctx context.Context, ev printlab.Event) error {
	seen, err := s.q.LabEventExists(ctx, ev.ID)
	if err != nil {
		return err
	}
	if seen {
		return nil
	}
	status, ok := labStatus[ev.Type]
	if !ok {
		s.logger.Debug("ignoring lab event", "type", ev.Type, "id", ev.ID)
		return nil
	}
	o, err := s.q.GetPrintOrderByLabID(ctx, sql.NullString{String: ev.OrderID, Valid: true})
	if errors.Is(err, sql.ErrNoRows) {
		s.logger.Warn("lab event for unknown order", "lab_order", ev.OrderID)
		return nil
	}
	if err != nil {
		return err
	}

	err = s.store.WithTx(ctx, func(tx store.Tx) error {
		if err := tx.Q.SetPrintOrderStatus(ctx, db.SetPrintOrderStatusParams{ID: o.ID, Status: status}); err != nil {
			return err
		}
		if ev.Type != "order.failed" {
			return nil
		}
		return tx.Q.InsertStoreCredit(ctx, db.InsertStoreCreditParams{
			ID:           ids.New("sc"),
			ClientID:     o.ClientID,
			PrintOrderID: sql.NullString{String: o.ID, Valid: true},
			AmountCents:  o.SubtotalCents + o.ShippingCents,
			Currency:     o.Currency,
			Reason:       "lab could not fulfil order: " + ev.FailureReason,
		})
	})
	if err != nil {
		return err
	}
	return s.q.RecordLabEvent(ctx, db.RecordLabEventParams{
		EventID:    ev.ID,
		LabOrderID: ev.OrderID,
		EventType:  ev.Type,
	})
}
