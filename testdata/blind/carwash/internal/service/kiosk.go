package service

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"
	"github.com/jmoiron/sqlx"

	"github.com/brightbay/washclub/internal/domain"
	"github.com/brightbay/washclub/internal/gateway/baycontroller"
	"github.com/brightbay/washclub/internal/platform"
	"github.com/brightbay/washclub/internal/tasks"
)

// kioskWashNamespace derives wash IDs for kiosk sales from kiosk event IDs.
var kioskWashNamespace = uuid.MustParse("6f1c2b0e-5d8a-4c1e-9a57-2b7e0d4c9f13")

// KioskSale is a single wash paid by card at a site kiosk. The kiosk's
// payment terminal charges the card through Tillpoint before the event is
// sent.
type KioskSale struct {
	EventID           string
	KioskID           string
	SiteID            string
	BayID             string
	TxnID             string
	Program           string
	AmountCents       int64
	ProcessorChargeID string
	CustomerID        uuid.NullUUID
	OccurredAt        time.Time
}

// KioskBayStart is the customer pressing "start" after paying.
type KioskBayStart struct {
	KioskID string
	TxnID   string
}

// KioskLoyaltyScan is a member scanning their app QR code at the kiosk.
type KioskLoyaltyScan struct {
	EventID    string
	KioskID    string
	TxnID      string
	CustomerID uuid.UUID
}

// KioskReceiptRequest is a customer asking for a receipt by text.
type KioskReceiptRequest struct {
	KioskID string
	TxnID   string
	Phone   string
}

// KioskFleetWash reports a wash a fleet driver ran with a fleet card. The
// kiosk starts fleet washes itself and reports them when the car exits.
type KioskFleetWash struct {
	EventID     string
	KioskID     string
	SiteID      string
	BayID       string
	AccountCode string
	Plate       string
	Program     string
	OccurredAt  time.Time
}

// KioskService applies events published by site kiosks.
type KioskService interface {
	RecordSale(ctx context.Context, ev KioskSale) error
	StartBay(ctx context.Context, ev KioskBayStart) error
	AttachLoyalty(ctx context.Context, ev KioskLoyaltyScan) error
	SendReceipt(ctx context.Context, ev KioskReceiptRequest) error
	RecordFleetWash(ctx context.Context, ev KioskFleetWash) error
}

type kioskService struct {
	db      *sqlx.DB
	washes  WashRepository
	loyalty LoyaltyRepository
	fleet   FleetRepository
	events  EventRepository
	bays    BayController
	queue   tasks.Enqueuer
	log     *slog.Logger
}

// NewKioskService returns the KioskService.
func NewKioskService(db *sqlx.DB, washes WashRepository, loyalty LoyaltyRepository, fleet FleetRepository,
	events EventRepository, bays BayController, queue tasks.Enqueuer, log *slog.Logger,
) KioskService {
	return &kioskService{db: db, washes: washes, loyalty: loyalty, fleet: fleet, events: events,
		bays: bays, queue: queue, log: log}
}

// errNotYet asks the consumer to leave the message for redelivery: the kiosk
// queue is not FIFO, so a follow-up event can overtake the sale it refers to.
var errNotYet = errors.New("referenced kiosk sale not recorded yet")

func (s *kioskService) RecordSale(ctx context.Context, ev KioskSale) error {
	w := &domain.Wash{
		ID:          uuid.NewSHA1(kioskWashNamespace, []byte(ev.EventID)),
		SiteID:      ev.SiteID,
		BayID:       ev.BayID,
		Source:      domain.SourceKiosk,
		Program:     ev.Program,
		AmountCents: ev.AmountCents,
		CustomerID:  ev.CustomerID,
		KioskID:     sql.NullString{String: ev.KioskID, Valid: true},
		KioskTxnID:  sql.NullString{String: ev.TxnID, Valid: true},
		Status:      domain.WashPaid,
	}
	w.ProcessorChargeID = sql.NullString{String: ev.ProcessorChargeID, Valid: ev.ProcessorChargeID != ""}
	inserted, err := s.washes.InsertIfAbsent(ctx, s.db, w)
	if err != nil {
		return fmt.Errorf("record kiosk sale: %w", err)
	}
	if inserted {
		s.log.InfoContext(ctx, "kiosk sale", "kiosk", ev.KioskID, "txn", ev.TxnID, "amount_cents", ev.AmountCents)
	}
	return nil
}

// StartBay starts the bay for a paid kiosk wash. The wash is claimed before
// the controller is called, so a redelivered event cannot start a second
// cycle; a wash whose start failed is left for the attendant to rewash.
func (s *kioskService) StartBay(ctx context.Context, ev KioskBayStart) error {
	wash, err := s.washes.ClaimKioskDispatch(ctx, s.db, ev.KioskID, ev.TxnID)
	if errors.Is(err, domain.ErrNotFound) {
		if _, err := s.washes.GetByKioskTxn(ctx, s.db, ev.KioskID, ev.TxnID); errors.Is(err, domain.ErrNotFound) {
			return errNotYet
		}
		return nil
	}
	if err != nil {
		return fmt.Errorf("claim kiosk wash: %w", err)
	}

	cycle, err := s.bays.StartCycle(ctx, baycontroller.StartCycleRequest{
		SiteID:  wash.SiteID,
		BayID:   wash.BayID,
		Program: wash.Program,
	})
	if err != nil {
		s.log.ErrorContext(ctx, "kiosk bay start failed", "wash_id", wash.ID, "err", err)
		return s.washes.MarkFailed(ctx, s.db, wash.ID, "dispatch_error")
	}
	return s.washes.SetCycle(ctx, s.db, wash.ID, cycle.ID)
}

func (s *kioskService) AttachLoyalty(ctx context.Context, ev KioskLoyaltyScan) error {
	return platform.WithTx(ctx, s.db, func(tx *sqlx.Tx) error {
		claimed, err := s.events.ClaimKioskEvent(ctx, tx, ev.EventID, "loyalty.scanned", ev.KioskID)
		if err != nil || !claimed {
			return err
		}
		attached, err := s.washes.AttachCustomer(ctx, tx, ev.KioskID, ev.TxnID, ev.CustomerID)
		if err != nil {
			return err
		}
		if !attached {
			if _, err := s.washes.GetByKioskTxn(ctx, tx, ev.KioskID, ev.TxnID); errors.Is(err, domain.ErrNotFound) {
				return errNotYet
			}
			return nil
		}
		if err := s.loyalty.EnsureAccount(ctx, tx, ev.CustomerID); err != nil {
			return err
		}
		return s.loyalty.IncrementVisits(ctx, tx, ev.CustomerID)
	})
}

func (s *kioskService) SendReceipt(ctx context.Context, ev KioskReceiptRequest) error {
	wash, err := s.washes.GetByKioskTxn(ctx, s.db, ev.KioskID, ev.TxnID)
	if errors.Is(err, domain.ErrNotFound) {
		return errNotYet
	}
	if err != nil {
		return err
	}
	receiptNo := platform.NewReference("rcpt")
	body := fmt.Sprintf("BrightBay receipt %s: %s wash, bay %s, $%d.%02d. Thanks for visiting!",
		receiptNo, wash.Program, wash.BayID, wash.AmountCents/100, wash.AmountCents%100)
	return tasks.Enqueue(ctx, s.queue, tasks.TypeSendSMS, tasks.SendSMSPayload{
		To:        ev.Phone,
		Body:      body,
		Reference: receiptNo,
	})
}

func (s *kioskService) RecordFleetWash(ctx context.Context, ev KioskFleetWash) error {
	acct, err := s.fleet.GetAccountByCode(ctx, s.db, ev.AccountCode)
	if errors.Is(err, domain.ErrNotFound) {
		s.log.WarnContext(ctx, "fleet wash for unknown account", "code", ev.AccountCode, "kiosk", ev.KioskID)
		return nil
	}
	if err != nil {
		return err
	}
	plate := normalizePlate(ev.Plate)
	ok, err := s.fleet.VehicleRegistered(ctx, s.db, acct.ID, plate)
	if err != nil {
		return err
	}
	if !ok {
		s.log.WarnContext(ctx, "fleet wash for unregistered vehicle", "account", acct.Code, "plate", plate)
	}
	w := &domain.Wash{
		ID:             uuid.New(),
		SiteID:         ev.SiteID,
		BayID:          ev.BayID,
		Source:         domain.SourceFleet,
		Program:        ev.Program,
		AmountCents:    acct.PriceCents,
		FleetAccountID: uuid.NullUUID{UUID: acct.ID, Valid: true},
		VehiclePlate:   sql.NullString{String: plate, Valid: true},
		KioskID:        sql.NullString{String: ev.KioskID, Valid: true},
		Status:         domain.WashCompleted,
	}
	return s.washes.Insert(ctx, s.db, w)
}
