package delivery

import (
	"context"
	"fmt"
	"log/slog"
	"strings"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/cedarleaf/pharmacy/internal/db"
	"github.com/cedarleaf/pharmacy/internal/notify"
	"github.com/cedarleaf/pharmacy/internal/platform/logx"
	"github.com/cedarleaf/pharmacy/internal/provider/courier"
	"github.com/cedarleaf/pharmacy/internal/store"
	"github.com/cedarleaf/pharmacy/internal/tasks"
)

// shipmentIDFromReference recovers the shipment ID from a client reference,
// which is the shipment ID, optionally followed by a redispatch suffix.
func shipmentIDFromReference(ref string) (uuid.UUID, error) {
	if len(ref) > 36 && strings.HasPrefix(ref[36:], "-r") {
		ref = ref[:36]
	}
	return uuid.Parse(ref)
}

// HandleEvent applies a courier status callback.
func (s *Service) HandleEvent(ctx context.Context, ev courier.Event) error {
	shipmentID, err := shipmentIDFromReference(ev.ClientReference)
	if err != nil {
		return fmt.Errorf("bad client_reference %q: %w", ev.ClientReference, err)
	}

	fresh, err := s.store.InsertCourierEvent(ctx, db.InsertCourierEventParams{
		EventID:    ev.EventID,
		ShipmentID: shipmentID,
		Status:     ev.Status,
		Payload:    ev.Raw,
	})
	if err != nil {
		return fmt.Errorf("record courier event: %w", err)
	}
	if fresh == 0 {
		logx.From(ctx).Debug("duplicate courier event", slog.String("event_id", ev.EventID))
		return nil
	}

	return s.store.InTx(ctx, func(q *db.Queries, tx pgx.Tx) error {
		sh, err := q.UpdateShipmentStatus(ctx, db.UpdateShipmentStatusParams{ID: shipmentID, Status: ev.Status})
		if err != nil {
			return fmt.Errorf("update shipment: %w", err)
		}
		o, err := q.GetOrderForUpdate(ctx, sh.OrderID)
		if err != nil {
			return err
		}
		p, err := q.GetPatient(ctx, o.PatientID)
		if err != nil {
			return err
		}
		draft := notify.Draft{PatientID: p.ID, OrderID: o.ID, To: p.PhoneE164}

		switch ev.Status {
		case "collected":
			if err := q.UpdateOrderStatus(ctx, db.UpdateOrderStatusParams{ID: o.ID, Status: "shipped"}); err != nil {
				return err
			}
			if _, err := q.AdjustOnHand(ctx, db.AdjustOnHandParams{Ndc: o.Ndc, Delta: -o.Quantity}); err != nil {
				return err
			}
			if err := q.ReleaseStock(ctx, db.ReleaseStockParams{Ndc: o.Ndc, Quantity: o.Quantity}); err != nil {
				return err
			}
			draft.Template = notify.TemplateOutForDelivery
			draft.Vars = map[string]any{"TrackingURL": sh.TrackingUrl.String}
		case "delivered":
			if err := q.UpdateOrderStatus(ctx, db.UpdateOrderStatusParams{ID: o.ID, Status: "delivered"}); err != nil {
				return err
			}
			draft.Template = notify.TemplateDelivered
		case "failed_attempt":
			_, err := s.jobs.InsertTx(ctx, tx, tasks.DeliveryExceptionArgs{ShipmentID: sh.ID, EventID: ev.EventID, Reason: ev.Reason}, nil)
			return err
		case "returned":
			return q.UpdateOrderStatus(ctx, db.UpdateOrderStatusParams{ID: o.ID, Status: "returned_to_pharmacy"})
		default:
			return nil
		}
		if !p.SmsOptIn {
			return nil
		}
		_, err = notify.QueueTx(ctx, q, tx, s.jobs, draft)
		return err
	})
}

// maxDeliveryAttempts is how many courier runs we pay for before the parcel
// comes back to the pharmacy and a pharmacist calls the patient.
const maxDeliveryAttempts = 3

// HandleException deals with a failed delivery attempt: the patient is
// texted straight away (they are usually waiting at the door) and the
// shipment is marked for follow-up. Run from courier.exception.
func (s *Service) HandleException(ctx context.Context, shipmentID uuid.UUID, eventID, reason string) error {
	sh, o, p, err := s.loadShipment(ctx, shipmentID)
	if err != nil {
		return err
	}
	if reason == "" {
		reason = "no one available to sign"
	}
	logx.From(ctx).Info("delivery exception", slog.String("shipment_id", sh.ID.String()), slog.String("event_id", eventID), slog.String("reason", reason))

	var sid, body string
	if p.SmsOptIn {
		body, err = notify.Render(notify.TemplateMissedDelivery, map[string]any{"Reason": reason})
		if err != nil {
			return err
		}
		msg, err := s.sms.Send(ctx, p.PhoneE164, body)
		if err != nil {
			return fmt.Errorf("missed-delivery sms: %w", err)
		}
		sid = msg.SID
	}

	return s.store.InTx(ctx, func(q *db.Queries, tx pgx.Tx) error {
		locked, err := q.GetShipmentForUpdate(ctx, sh.ID)
		if err != nil {
			return err
		}
		next := "exception"
		if locked.Attempts >= maxDeliveryAttempts {
			next = "returned"
		}
		if _, err := q.UpdateShipmentStatus(ctx, db.UpdateShipmentStatusParams{ID: sh.ID, Status: next}); err != nil {
			return err
		}
		if sid == "" {
			return nil
		}
		return q.InsertNotification(ctx, db.InsertNotificationParams{
			ID:          uuid.New(),
			PatientID:   p.ID,
			OrderID:     store.NullUUID(o.ID),
			Template:    notify.TemplateMissedDelivery,
			ToPhone:     p.PhoneE164,
			Body:        body,
			Status:      "sent",
			ProviderSid: store.Text(sid),
			SentAt:      store.Now(),
		})
	})
}
