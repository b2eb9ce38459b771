package store

import (
	"context"
	"encoding/json"
	"time"

	"github.com/quayside/lockers/internal/domain"
)

var errNotFound = domain.ErrNotFound

// Repos is the set of repositories available to a unit of work. Outside a
// transaction, NewRepos(pool) gives the same set bound to the pool.
type Repos struct {
	Lockers      LockerRepository
	Compartments CompartmentRepository
	Partners     PartnerRepository
	Shipments    ShipmentRepository
	Reservations ReservationRepository
	Parcels      ParcelRepository
	Keys         IdempotencyRepository
	Pickups      PickupRepository
	Returns      ReturnRepository
	Billing      BillingRepository
	Hosts        HostRepository
	Events       EventRepository
	Webhooks     WebhookRepository
}

func NewRepos(db DBTX) Repos {
	return Repos{
		Lockers:      &lockerRepo{db: db},
		Compartments: &compartmentRepo{db: db},
		Partners:     &partnerRepo{db: db},
		Shipments:    &shipmentRepo{db: db},
		Reservations: &reservationRepo{db: db},
		Parcels:      &parcelRepo{db: db},
		Keys:         &idempotencyRepo{db: db},
		Pickups:      &pickupRepo{db: db},
		Returns:      &returnRepo{db: db},
		Billing:      &billingRepo{db: db},
		Hosts:        &hostRepo{db: db},
		Events:       &eventRepo{db: db},
		Webhooks:     &webhookRepo{db: db},
	}
}

type LockerRepository interface {
	// Create inserts the locker unless one with the same site code exists.
	// It returns the stored locker and whether it was created by this call.
	Create(ctx context.Context, l domain.Locker) (domain.Locker, bool, error)
	Get(ctx context.Context, id string) (domain.Locker, error)
	HostOf(ctx context.Context, lockerID string) (domain.Host, error)
}

type CompartmentRepository interface {
	EnsureCompartment(ctx context.Context, c domain.Compartment) error
	Get(ctx context.Context, id string) (domain.Compartment, error)
	LockFree(ctx context.Context, lockerID string, size domain.Size) (domain.Compartment, error)
	SetStatus(ctx context.Context, id string, status domain.CompartmentStatus) error
	StartMaintenance(ctx context.Context, id, reason string) (bool, error)
	MarkDoorOpen(ctx context.Context, id string, since time.Time) error
	MarkDoorClosed(ctx context.Context, id string) error
}

type PartnerRepository interface {
	Get(ctx context.Context, id string) (domain.Partner, error)
	ListBillable(ctx context.Context) ([]domain.Partner, error)
}

type ShipmentRepository interface {
	InsertIfAbsent(ctx context.Context, s domain.Shipment) (bool, error)
	GetByExternalRef(ctx context.Context, partnerID, externalRef string) (domain.Shipment, error)
	Get(ctx context.Context, id string) (domain.Shipment, error)
	Transition(ctx context.Context, id string, from []domain.ShipmentStatus, to domain.ShipmentStatus) (bool, error)
}

type ReservationRepository interface {
	Insert(ctx context.Context, r domain.Reservation) error
	Get(ctx context.Context, id string) (domain.Reservation, error)
	Complete(ctx context.Context, id string) (bool, error)
	Cancel(ctx context.Context, id, courierID string) (domain.Reservation, bool, error)
	ExpireDue(ctx context.Context, now time.Time, limit int) ([]domain.Reservation, error)
}

type ParcelRepository interface {
	InsertIfAbsent(ctx context.Context, p domain.Parcel) (bool, error)
	Get(ctx context.Context, id string) (domain.Parcel, error)
	GetByReservation(ctx context.Context, reservationID string) (domain.Parcel, error)
	GetByCompartment(ctx context.Context, compartmentID string) (domain.Parcel, error)
	ConfirmDoor(ctx context.Context, id string, at time.Time) error
	MarkCollected(ctx context.Context, id string, at time.Time) (bool, error)
	ExtendDeadline(ctx context.Context, id string, days int) (time.Time, error)
	ListOverdue(ctx context.Context, now time.Time, limit int) ([]domain.Parcel, error)
	MarkReturnPending(ctx context.Context, id string, at time.Time) (bool, error)
	ListUnbilled(ctx context.Context, limit int) ([]domain.Parcel, error)
	MarkBilled(ctx context.Context, id string, at time.Time) error
}

type IdempotencyRepository interface {
	// Claim records (scope, key). It returns false when the pair already exists.
	Claim(ctx context.Context, scope, key string) (bool, error)
	Response(ctx context.Context, scope, key string) (json.RawMessage, error)
	SaveResponse(ctx context.Context, scope, key string, resp any) error
	// Lookup returns a stored response for (scope, key) if present.
	Lookup(ctx context.Context, scope, key string) (json.RawMessage, bool, error)
	// Remember stores a response for (scope, key), replacing any previous one.
	Remember(ctx context.Context, scope, key string, resp any) error

	AdminLookup(ctx context.Context, key string) (AdminResponse, bool, error)
	AdminSave(ctx context.Context, key string, resp AdminResponse) error
}

type AdminResponse struct {
	Route      string
	StatusCode int
	Body       []byte
}

type PickupRepository interface {
	ClaimExtension(ctx context.Context, e domain.PickupExtension) (domain.PickupExtension, error)
	MarkExtensionPaid(ctx context.Context, id, chargeID string) (bool, error)
	ClaimSession(ctx context.Context, s domain.PickupSession) (domain.PickupSession, error)
	MarkSessionOpened(ctx context.Context, id string, at time.Time) error
	ClaimNotification(ctx context.Context, parcelID, template, bucket string) (bool, error)
}

type ReturnRepository interface {
	InsertRequest(ctx context.Context, r domain.ReturnRequest) error
	ClaimBooking(ctx context.Context, b domain.ReturnBooking) (domain.ReturnBooking, error)
	SetCarrierBooking(ctx context.Context, id, carrierBookingID string) error
}

type BillingRepository interface {
	AddToBalance(ctx context.Context, partnerID string, cents int64) error
	InsertLine(ctx context.Context, parcelID, partnerID string, cents int64, period time.Time) (bool, error)
	FeeFor(ctx context.Context, partnerID string, on time.Time) (int64, error)
	InsertBalanceAdjustment(ctx context.Context, partnerID string, cents int64, reason, by string) (int64, error)
	PeriodTotal(ctx context.Context, partnerID string, period time.Time) (int64, int, error)
	ClaimInvoice(ctx context.Context, inv domain.PartnerInvoice) (domain.PartnerInvoice, error)
	MarkInvoiceIssued(ctx context.Context, id, providerInvoiceID string) error
	InsertCreditNote(ctx context.Context, id, partnerID string, cents int64, reason, providerRef, by string) error
}

type HostRepository interface {
	Get(ctx context.Context, id string) (domain.Host, error)
	List(ctx context.Context) ([]domain.Host, error)
	IncrementUsage(ctx context.Context, hostID string, month time.Time) error
	Usage(ctx context.Context, hostID string, month time.Time) (int, error)
	InsertAdjustment(ctx context.Context, id, hostID string, cents int64, reason, by string) error
	OpenAdjustments(ctx context.Context, hostID string) (int64, error)
	ApplyAdjustments(ctx context.Context, hostID string, period time.Time) error
	ClaimPayout(ctx context.Context, p domain.HostPayout) (domain.HostPayout, error)
	MarkPayoutPaid(ctx context.Context, id, providerRef string, at time.Time) error
}

type EventRepository interface {
	InsertDoorAudit(ctx context.Context, a DoorAudit) error
	InsertIncident(ctx context.Context, i domain.Incident) error
	OpenTicket(ctx context.Context, t domain.MaintenanceTicket) (bool, error)
	UpsertHeartbeat(ctx context.Context, lockerID, firmware string, seen time.Time, temperature *float64) error
}

type DoorAudit struct {
	EventID       string
	LockerID      string
	CompartmentID string
	EventType     string
	OccurredAt    time.Time
	Payload       json.RawMessage
}

type WebhookRepository interface {
	Delivered(ctx context.Context, eventID string) (bool, error)
	RecordDelivery(ctx context.Context, eventID, partnerID, eventType string, statusCode int) error
	InsertReturnNotice(ctx context.Context, shipmentID, partnerID, reason string) error
	MarkReturnNoticeDelivered(ctx context.Context, shipmentID string, at time.Time) error
}
