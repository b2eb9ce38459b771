package billing

import (
	"context"
	"errors"
	"time"

	"go.uber.org/zap"
	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"github.com/northgate/tolls/internal/domain"
)

func lockForUpdate() clause.Locking { return clause.Locking{Strength: "UPDATE"} }

// Notification is one item of a gateway webhook batch.
type Notification struct {
	PSPReference      string
	OriginalReference string
	EventCode         string
	MerchantReference string
	Success           bool
	AmountCents       int64
	Reason            string
}

// HandleNotification applies a gateway notification exactly once. The
// (pspReference, eventCode) pair is inserted with ON CONFLICT DO NOTHING in
// the same transaction as its effect; a redelivered item inserts nothing
// and is acknowledged without effect.
func (s *Impl) HandleNotification(ctx context.Context, n Notification) error {
	return s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		res := tx.Clauses(clause.OnConflict{
			Columns:   []clause.Column{{Name: "psp_reference"}, {Name: "event_code"}},
			DoNothing: true,
		}).Create(&domain.GatewayNotification{
			PSPReference:      n.PSPReference,
			EventCode:         n.EventCode,
			Success:           n.Success,
			MerchantReference: n.MerchantReference,
			AmountCents:       n.AmountCents,
			ReceivedAt:        time.Now().UTC(),
		})
		if res.Error != nil {
			return res.Error
		}
		if res.RowsAffected == 0 {
			return nil
		}

		switch n.EventCode {
		case "AUTHORISATION":
			if n.Success {
				return nil
			}
			// A late refusal for a top-up we had not yet completed.
			return tx.Model(&domain.TopUp{}).
				Where("id = ? AND status = ?", n.MerchantReference, domain.TopUpPending).
				Updates(map[string]any{"status": domain.TopUpFailed, "failure_reason": n.Reason, "updated_at": time.Now().UTC()}).Error

		case "CHARGEBACK":
			var p domain.CardPayment
			err := tx.Clauses(lockForUpdate()).First(&p, "psp_reference = ?", n.OriginalReference).Error
			if errors.Is(err, gorm.ErrRecordNotFound) {
				s.log.Warn("chargeback for unknown payment", zap.String("psp", n.OriginalReference))
				return nil
			}
			if err != nil {
				return err
			}
			if err := tx.Model(&p).Updates(map[string]any{"status": "charged_back", "updated_at": time.Now().UTC()}).Error; err != nil {
				return err
			}
			return tx.Model(&domain.Account{}).Where("id = ?", p.AccountID).Updates(map[string]any{
				"outstanding_cents": gorm.Expr("outstanding_cents + ?", n.AmountCents),
				"status":            domain.AccountSuspended,
				"updated_at":        time.Now().UTC(),
			}).Error

		default:
			return nil
		}
	})
}
