package anpr

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/jmoiron/sqlx"
	"github.com/nats-io/nats.go/jetstream"

	"github.com/cityparking/parking/internal/config"
	"github.com/cityparking/parking/internal/domain"
	"github.com/cityparking/parking/internal/fleet"
	"github.com/cityparking/parking/internal/platform/queue"
	"github.com/cityparking/parking/internal/pricing"
	"github.com/cityparking/parking/internal/service"
	"github.com/cityparking/parking/internal/store"
)

// Handlers holds the dependencies of the garage event handlers.
type Handlers struct {
	tx       store.TxManager
	garage   store.GarageRepository
	vehicles store.VehicleRepository
	accounts store.AccountRepository
	charges  store.ChargeRepository
	fleet    fleet.Notifier
	queue    queue.Enqueuer
	log      *slog.Logger
	currency string
}

func NewHandlers(cfg *config.Config, tx store.TxManager, garage store.GarageRepository,
	vehicles store.VehicleRepository, accounts store.AccountRepository, charges store.ChargeRepository,
	notifier fleet.Notifier, q queue.Enqueuer, log *slog.Logger) *Handlers {
	return &Handlers{tx: tx, garage: garage, vehicles: vehicles, accounts: accounts, charges: charges,
		fleet: notifier, queue: q, log: log, currency: cfg.Currency}
}

// Bindings lists the consumers the worker runs.
func (h *Handlers) Bindings() []Binding {
	return []Binding{
		{Durable: "garage-entry", Subject: "anpr.*.entry", Handler: HandlerFunc(h.Entry)},
		{Durable: "garage-exit", Subject: "anpr.*.exit", Handler: HandlerFunc(h.Exit)},
		{Durable: "plate-corrections", Subject: "anpr.corrections", Handler: HandlerFunc(h.Correction)},
	}
}

// Entry opens a garage session when a car passes the entry lane camera.
func (h *Handlers) Entry(ctx context.Context, msg jetstream.Msg) error {
	ev, err := decodeEvent(msg)
	if err != nil {
		return err
	}
	plate := service.NormalizePlate(ev.Plate)
	owner, err := h.vehicles.OwnerOfPlate(ctx, plate)
	if err != nil {
		return err
	}
	sess := &domain.GarageSession{
		ID:           garageSessionID(ev.EventID),
		GarageID:     ev.GarageID,
		Plate:        plate,
		AccountID:    owner,
		EntryEventID: ev.EventID,
		EnteredAt:    ev.CapturedAt,
		CreatedAt:    time.Now().UTC(),
	}
	created, err := h.garage.OpenIfAbsent(ctx, sess)
	if err != nil {
		return err
	}
	if !created {
		h.log.Debug("entry already recorded", "event_id", ev.EventID)
	}
	return nil
}

// Exit closes the open session for the plate, books the charge for account
// holders and tells fleet customers about the completed stay.
func (h *Handlers) Exit(ctx context.Context, msg jetstream.Msg) error {
	ev, err := decodeEvent(msg)
	if err != nil {
		return err
	}
	plate := service.NormalizePlate(ev.Plate)

	sess, err := h.garage.FindOpen(ctx, nil, ev.GarageID, plate)
	if errors.Is(err, domain.ErrNotFound) {
		closed, ferr := h.garage.FindByExitEvent(ctx, ev.EventID)
		if ferr == nil {
			return h.enqueueCapture(ctx, closed)
		}
		h.log.Warn("exit without open session", "garage_id", ev.GarageID, "plate", plate, "event_id", ev.EventID)
		return nil
	}
	if err != nil {
		return err
	}

	tariff, err := h.garage.Tariff(ctx, ev.GarageID)
	if err != nil {
		return fmt.Errorf("tariff for %s: %w", ev.GarageID, err)
	}
	fee := pricing.GarageFee(*tariff, sess.EnteredAt, ev.CapturedAt)

	var acct *domain.Account
	if sess.AccountID != nil {
		if acct, err = h.accounts.Get(ctx, *sess.AccountID); err != nil {
			return err
		}
	}

	if acct != nil && acct.IsFleet() {
		token := ""
		if acct.FleetWebhookToken != nil {
			token = *acct.FleetWebhookToken
		}
		err := h.fleet.Notify(ctx, *acct.FleetWebhookURL, token, fleet.Event{
			Type:       "garage_session.completed",
			AccountID:  acct.ID.String(),
			Plate:      plate,
			Location:   ev.GarageID,
			StartedAt:  sess.EnteredAt,
			EndedAt:    ev.CapturedAt,
			AmountCent: fee,
			Currency:   h.currency,
		})
		if err != nil {
			return err
		}
	}

	err = h.tx.InTx(ctx, func(tx *sqlx.Tx) error {
		ok, err := h.garage.Close(ctx, tx, sess.ID, ev.EventID, ev.CapturedAt, fee)
		if err != nil || !ok {
			return err
		}
		if acct == nil || fee == 0 {
			return nil
		}
		now := time.Now().UTC()
		_, err = h.charges.InsertIfAbsent(ctx, tx, &domain.Charge{
			ID:              garageChargeID(sess.ID),
			AccountID:       acct.ID,
			GarageSessionID: &sess.ID,
			AmountCents:     fee,
			Currency:        h.currency,
			Status:          domain.ChargePending,
			CreatedAt:       now,
			UpdatedAt:       now,
		})
		return err
	})
	if err != nil {
		return err
	}
	sess.FeeCents = &fee
	return h.enqueueCapture(ctx, sess)
}

func (h *Handlers) enqueueCapture(ctx context.Context, sess *domain.GarageSession) error {
	if sess.AccountID == nil || sess.FeeCents == nil || *sess.FeeCents == 0 {
		return nil
	}
	chargeID := garageChargeID(sess.ID)
	task, err := queue.NewChargeCapture(queue.ChargeCapturePayload{ChargeID: chargeID})
	if err != nil {
		return err
	}
	return queue.EnqueueUnique(ctx, h.queue, task, "capture:"+chargeID.String())
}

// Correction applies a plate fix entered by garage staff.
func (h *Handlers) Correction(ctx context.Context, msg jetstream.Msg) error {
	var c PlateCorrection
	if err := json.Unmarshal(msg.Data(), &c); err != nil {
		return fmt.Errorf("%w: %v", ErrPoison, err)
	}
	plate := service.NormalizePlate(c.CorrectedPlate)
	return h.tx.InTx(ctx, func(tx *sqlx.Tx) error {
		changed, err := h.garage.CorrectPlate(ctx, tx, c.GarageSessionID, plate, c.Operator)
		if err != nil {
			return err
		}
		if !changed {
			h.log.Debug("plate correction already applied", "garage_session_id", c.GarageSessionID)
		}
		return nil
	})
}
