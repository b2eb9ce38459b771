package service

import (
	"context"
	"errors"

	"github.com/jmoiron/sqlx"
	"go.uber.org/zap"

	"github.com/trustwell/settlements/internal/domain"
	"github.com/trustwell/settlements/internal/providers/checkmail"
)

// HandleCheckEvent applies a check-tracking event from the mail vendor.
func (s *eventService) HandleCheckEvent(ctx context.Context, ev *checkmail.Event) error {
	done, err := s.webhooks.IsMailEventProcessed(ctx, ev.ID)
	if err != nil {
		return err
	}
	if done {
		return nil
	}
	p, err := s.lienPayments.GetByVendorCheckID(ctx, s.db, ev.CheckID())
	if errors.Is(err, domain.ErrNotFound) {
		// Checks created outside this system (e.g. from the vendor dashboard).
		s.log.Warn("check event for unknown check", zap.String("check_id", ev.CheckID()))
		return nil
	}
	if err != nil {
		return err
	}

	switch ev.Type() {
	case checkmail.EventCheckMailed:
		if _, err := s.lienPayments.SetStatus(ctx, s.db, p.ID, domain.LienPaymentMailed); err != nil {
			return err
		}
	case checkmail.EventCheckDeposited:
		err := s.tx.WithTx(ctx, func(ctx context.Context, tx *sqlx.Tx) error {
			if _, err := s.lienPayments.SetStatus(ctx, tx, p.ID, domain.LienPaymentCashed); err != nil {
				return err
			}
			return s.liens.AddPaid(ctx, tx, p.LienID, p.AmountCents)
		})
		if err != nil {
			return err
		}
	case checkmail.EventCheckReturned:
		s.log.Warn("lien check returned to sender; void and reissue required",
			zap.String("lien_payment_id", p.ID), zap.String("lien_id", p.LienID))
	default:
		// In-transit scans are informational only.
	}

	return s.webhooks.MarkMailEventProcessed(ctx, ev.ID, ev.Type())
}
