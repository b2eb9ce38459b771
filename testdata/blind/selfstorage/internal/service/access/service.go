// Package access manages gate codes, overlocks and the events reported by
// the gate-controller partner.
package access

import (
	"context"
	"fmt"
	"log/slog"
	"strconv"
	"strings"
	"time"

	"github.com/baywarden/storagedesk/internal/domain"
	"github.com/baywarden/storagedesk/internal/provider/gatelink"
	"github.com/baywarden/storagedesk/internal/queue"
	"github.com/baywarden/storagedesk/internal/service/notify"
	"github.com/baywarden/storagedesk/internal/store"
)

// Service is the access-control API.
type Service interface {
	SetCode(ctx context.Context, rentalID, pin string) (*domain.AccessCode, error)
	PushCode(ctx context.Context, rentalID string, version int) error
	RevokeAccess(ctx context.Context, rentalID string) error

	PlaceOverlock(ctx context.Context, unitID, reason, placedBy string) (*domain.Overlock, error)
	ReleaseOverlock(ctx context.Context, unitID, releasedBy string) (*domain.Overlock, error)
	OverlockDelinquent(ctx context.Context, rentalID, invoiceID string) error

	RecordAccess(ctx context.Context, ev domain.GateEvent) error
	HandleDenied(ctx context.Context, ev domain.GateEvent) error
	HandleDoor(ctx context.Context, ev domain.GateEvent) error
	ConfirmCodeSync(ctx context.Context, ev domain.GateEvent) error
}

// Store is the access side of storage.
type Store interface {
	SetCode(ctx context.Context, rentalID, unitID, pin string) (*domain.AccessCode, error)
	Code(ctx context.Context, rentalID string) (*domain.AccessCode, error)
	SetPartnerRef(ctx context.Context, rentalID string, version int, ref string) error
	MarkSynced(ctx context.Context, rentalID string, version int, at time.Time) (bool, error)
	RevokeCode(ctx context.Context, rentalID string) error
	PlaceOverlock(ctx context.Context, o domain.Overlock) (*domain.Overlock, bool, error)
	ActiveOverlock(ctx context.Context, unitID string) (*domain.Overlock, error)
	SetLockoutID(ctx context.Context, overlockID, lockoutID string) error
	ReleaseOverlock(ctx context.Context, unitID string) (*domain.Overlock, error)
	LastReleasedOverlock(ctx context.Context, unitID string) (*domain.Overlock, error)
	SetDoorState(ctx context.Context, unitID, state, eventID string, at time.Time) error
}

// Rentals is the subset of rental storage access control reads.
type Rentals interface {
	Rental(ctx context.Context, id string) (*domain.Rental, error)
	Unit(ctx context.Context, id string) (*domain.Unit, error)
	Facility(ctx context.Context, id string) (*domain.Facility, error)
	UnitByDoor(ctx context.Context, siteID, doorID string) (*domain.Unit, error)
	OpenRentalForUnit(ctx context.Context, unitID string) (*domain.Rental, error)
	Customer(ctx context.Context, id string) (*domain.Customer, error)
	SetUnitStatus(ctx context.Context, unitID string, st domain.UnitStatus) error
	TransitionRental(ctx context.Context, rentalID string, from []domain.RentalStatus, to domain.RentalStatus) (bool, error)
	TouchAccess(ctx context.Context, rentalID string, at time.Time) error
}

// Gate is the gate-controller partner.
type Gate interface {
	PutCode(ctx context.Context, req gatelink.CodeRequest) (*gatelink.Code, error)
	RevokeCode(ctx context.Context, siteID, externalRef string) error
	Lockout(ctx context.Context, req gatelink.LockoutRequest, idempotencyKey string) (*gatelink.Lockout, error)
	ReleaseLockout(ctx context.Context, siteID, lockoutID string) error
}

// Messenger sends an SMS immediately.
type Messenger interface {
	Send(ctx context.Context, to, body string) (string, error)
}

// Notifier queues tenant and manager messages.
type Notifier interface {
	Queue(ctx context.Context, n notify.Notice) error
}

// EventLog, AlertLog and IncidentLog are the generic repos for gate activity.
type EventLog interface {
	Insert(ctx context.Context, v *store.GateEventRow) error
}

type AlertLog interface {
	InsertIgnore(ctx context.Context, v *store.GateAlert, conflict ...string) (bool, error)
}

type IncidentLog interface {
	Insert(ctx context.Context, v *store.Incident) error
}

type service struct {
	tx        store.TxRunner
	store     Store
	rentals   Rentals
	gate      Gate
	sms       Messenger
	notifier  Notifier
	queue     queue.Enqueuer
	events    EventLog
	alerts    AlertLog
	incidents IncidentLog
	log       *slog.Logger
	now       func() time.Time
}

// Deps lists the collaborators of the access service.
type Deps struct {
	Tx        store.TxRunner
	Store     Store
	Rentals   Rentals
	Gate      Gate
	SMS       Messenger
	Notifier  Notifier
	Queue     queue.Enqueuer
	Events    EventLog
	Alerts    AlertLog
	Incidents IncidentLog
	Log       *slog.Logger
}

func New(d Deps) Service {
	return &service{
		tx: d.Tx, store: d.Store, rentals: d.Rentals, gate: d.Gate, sms: d.SMS, notifier: d.Notifier,
		queue: d.Queue, events: d.Events, alerts: d.Alerts, incidents: d.Incidents, log: d.Log, now: time.Now,
	}
}

// codeRef is the external_ref a code version is registered under.
func codeRef(rentalID string, version int) string {
	return fmt.Sprintf("%s-v%d", rentalID, version)
}

func parseCodeRef(ref string) (rentalID string, version int, err error) {
	i := strings.LastIndex(ref, "-v")
	if i <= 0 {
		return "", 0, fmt.Errorf("bad code ref %q", ref)
	}
	version, err = strconv.Atoi(ref[i+2:])
	if err != nil {
		return "", 0, fmt.Errorf("bad code ref %q: %w", ref, err)
	}
	return ref[:i], version, nil
}

type unitContext struct {
	unit     *domain.Unit
	facility *domain.Facility
}

func (s *service) unitContext(ctx context.Context, unitID string) (*unitContext, error) {
	u, err := s.rentals.Unit(ctx, unitID)
	if err != nil {
		return nil, err
	}
	f, err := s.rentals.Facility(ctx, u.FacilityID)
	if err != nil {
		return nil, err
	}
	return &unitContext{unit: u, facility: f}, nil
}

func (u *unitContext) doorID() string {
	if u.unit.GateDoorID == nil {
		return ""
	}
	return *u.unit.GateDoorID
}
