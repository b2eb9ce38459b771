package orders

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"

	"github.com/meridianlabs/labs/internal/platform/db"
	"github.com/meridianlabs/labs/internal/store"
)

// PartnerEvent is a notification pushed to us by an EHR partner.
type PartnerEvent struct {
	ID      string          `json:"id"`
	Type    string          `json:"type"`
	Payload json.RawMessage `json:"payload"`
}

type contactUpdated struct {
	MRN      string `json:"mrn"`
	Phone    string `json:"phone"`
	SMSOptIn bool   `json:"sms_opt_in"`
}

type priorityChanged struct {
	ExternalOrderID string `json:"external_order_id"`
	Priority        string `json:"priority"`
}

// HandlePartnerEvent stores and applies an event from an EHR partner.
func (s *Service) HandlePartnerEvent(ctx context.Context, partnerID string, evt PartnerEvent) error {
	return db.InTx(ctx, s.db, func(tx *sql.Tx) error {
		err := s.partners.WithTx(tx).InsertInboundEvent(ctx, store.InboundEvent{
			PartnerID: partnerID,
			EventID:   evt.ID,
			EventType: evt.Type,
			Payload:   evt.Payload,
		})
		if err != nil {
			return fmt.Errorf("store partner event %s: %w", evt.ID, err)
		}
		switch evt.Type {
		case "patient.contact_updated":
			var p contactUpdated
			if err := json.Unmarshal(evt.Payload, &p); err != nil {
				return err
			}
			return s.patients.WithTx(tx).UpdateContact(ctx, partnerID, p.MRN, p.Phone, p.SMSOptIn)
		case "order.priority_changed":
			var p priorityChanged
			if err := json.Unmarshal(evt.Payload, &p); err != nil {
				return err
			}
			_, err := tx.ExecContext(ctx, `
				UPDATE orders SET priority = $3, updated_at = now()
				WHERE partner_id = $1 AND external_order_id = $2 AND status <> 'cancelled'`,
				partnerID, p.ExternalOrderID, p.Priority)
			return err
		default:
			s.log.InfoContext(ctx, "partner event ignored", "partner", partnerID, "type", evt.Type)
			return nil
		}
	})
}
