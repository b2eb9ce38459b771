// Package order moves orders through packing, pickup and expiry.
package order

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/cedarleaf/pharmacy/internal/db"
	"github.com/cedarleaf/pharmacy/internal/notify"
	"github.com/cedarleaf/pharmacy/internal/platform/ids"
	"github.com/cedarleaf/pharmacy/internal/platform/logx"
	"github.com/cedarleaf/pharmacy/internal/provider/twilio"
	"github.com/cedarleaf/pharmacy/internal/store"
	"github.com/cedarleaf/pharmacy/internal/tasks"
)

var (
	ErrNotFound       = errors.New("order: not found")
	ErrInvalidState   = errors.New("order: not in a state that allows this")
	ErrOutOfStock     = errors.New("order: insufficient stock")
	ErrNoShipToAddess = errors.New("order: patient has no delivery address")
)

// Service implements order state changes.
type Service struct {
	store store.Store
	jobs  tasks.Inserter
	sms   twilio.Sender
	now   func() time.Time
}

// NewService builds a Service.
func NewService(st store.Store, jobs tasks.Inserter, sms twilio.Sender) *Service {
	return &Service{store: st, jobs: jobs, sms: sms, now: time.Now}
}

// PickupReady is returned to the pharmacist console.
type PickupReady struct {
	OrderID    uuid.UUID `json:"order_id"`
	PickupCode string    `json:"pickup_code"`
	Notified   bool      `json:"notified"`
}

// MarkReadyForPickup is used by the counter staff for orders the patient
// chose to collect in store: it reserves the stock, texts the patient a
// pickup code and records the order as ready.
func (s *Service) MarkReadyForPickup(ctx context.Context, orderID uuid.UUID, staffID string) (PickupReady, error) {
	o, err := s.store.GetOrder(ctx, orderID)
	if store.IsNotFound(err) {
		return PickupReady{}, ErrNotFound
	}
	if err != nil {
		return PickupReady{}, err
	}
	if o.Status == "ready_for_pickup" {
		return PickupReady{OrderID: o.ID, PickupCode: o.PickupCode.String}, nil
	}
	if o.Status != "paid" || o.Fulfilment != "pickup" {
		return PickupReady{}, ErrInvalidState
	}
	patient, err := s.store.GetPatient(ctx, o.PatientID)
	if err != nil {
		return PickupReady{}, err
	}
	item, err := s.store.GetInventoryItem(ctx, o.Ndc)
	if err != nil {
		return PickupReady{}, err
	}

	code := ids.PickupCode()
	body, err := notify.Render(notify.TemplateReadyForPickup, map[string]any{"Drug": item.DrugName, "Code": code})
	if err != nil {
		return PickupReady{}, err
	}
	msg, err := s.sms.Send(ctx, patient.PhoneE164, body)
	if err != nil {
		return PickupReady{}, fmt.Errorf("send pickup sms: %w", err)
	}

	err = s.store.InTx(ctx, func(q *db.Queries, tx pgx.Tx) error {
		n, err := q.ReserveStock(ctx, db.ReserveStockParams{Ndc: o.Ndc, Quantity: o.Quantity})
		if err != nil {
			return err
		}
		if n == 0 {
			return ErrOutOfStock
		}
		if err := q.SetOrderPickupReady(ctx, db.SetOrderPickupReadyParams{ID: o.ID, PickupCode: store.Text(code)}); err != nil {
			return err
		}
		return q.InsertNotification(ctx, db.InsertNotificationParams{
			ID:          uuid.New(),
			PatientID:   patient.ID,
			OrderID:     store.NullUUID(o.ID),
			Template:    notify.TemplateReadyForPickup,
			ToPhone:     patient.PhoneE164,
			Body:        body,
			Status:      "sent",
			ProviderSid: store.Text(msg.SID),
			SentAt:      store.Now(),
		})
	})
	if err != nil {
		return PickupReady{}, err
	}
	logx.From(ctx).Info("order ready for pickup", slog.String("order_id", o.ID.String()), slog.String("staff", staffID))
	return PickupReady{OrderID: o.ID, PickupCode: code, Notified: true}, nil
}

// Fulfil moves a paid delivery order to packing, reserves stock, creates the
// shipment and queues the courier booking, all in one transaction. Run from
// the orders.fulfil job.
func (s *Service) Fulfil(ctx context.Context, orderID uuid.UUID) error {
	return s.store.InTx(ctx, func(q *db.Queries, tx pgx.Tx) error {
		o, err := q.GetOrderForUpdate(ctx, orderID)
		if err != nil {
			return fmt.Errorf("lock order: %w", err)
		}
		if o.Status != "paid" || o.Fulfilment != "delivery" {
			return nil
		}
		patient, err := q.GetPatient(ctx, o.PatientID)
		if err != nil {
			return err
		}
		if !patient.AddressLine1.Valid {
			return ErrNoShipToAddess
		}
		n, err := q.ReserveStock(ctx, db.ReserveStockParams{Ndc: o.Ndc, Quantity: o.Quantity})
		if err != nil {
			return err
		}
		if n == 0 {
			return ErrOutOfStock
		}

		shipmentID := ids.Derive("shipment", o.ID.String())
		if _, err := q.InsertShipment(ctx, db.InsertShipmentParams{
			ID:           shipmentID,
			OrderID:      o.ID,
			ShipToLine1:  patient.AddressLine1.String,
			ShipToCity:   patient.AddressCity.String,
			ShipToPostal: patient.AddressPostal.String,
			ColdChain:    needsColdChain(o.Ndc),
		}); err != nil {
			return fmt.Errorf("insert shipment: %w", err)
		}
		if err := q.UpdateOrderStatus(ctx, db.UpdateOrderStatusParams{ID: o.ID, Status: "awaiting_courier"}); err != nil {
			return err
		}
		_, err = s.jobs.InsertTx(ctx, tx, tasks.DispatchCourierArgs{ShipmentID: shipmentID}, nil)
		return err
	})
}

// ExpireUnpaid expires orders that have waited for payment longer than
// olderThan. The UPDATE only matches orders still awaiting payment, so
// running it twice is harmless.
func (s *Service) ExpireUnpaid(ctx context.Context, olderThan time.Duration) (int, error) {
	runID := uuid.NewString()
	log := logx.From(ctx).With(slog.String("run_id", runID))

	var expired []db.ExpireUnpaidOrdersRow
	err := s.store.InTx(ctx, func(q *db.Queries, tx pgx.Tx) error {
		var err error
		expired, err = q.ExpireUnpaidOrders(ctx, s.now().Add(-olderThan))
		return err
	})
	if err != nil {
		return 0, err
	}
	for _, e := range expired {
		log.Info("order expired unpaid", slog.String("order_id", e.ID.String()))
	}
	return len(expired), nil
}

// needsColdChain flags refrigerated products by NDC labeler prefix. The list
// is maintained by the pharmacy operations team.
func needsColdChain(ndc string) bool {
	for _, p := range coldChainLabelers {
		if len(ndc) >= len(p) && ndc[:len(p)] == p {
			return true
		}
	}
	return false
}

var coldChainLabelers = []string{"0169-", "0002-8", "0088-2", "50090-"}
