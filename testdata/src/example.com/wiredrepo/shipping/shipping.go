// Package shipping serves the shipments API through a service that
// writes with generic repositories.
package shipping

import (
	"context"
	"log"
	"net/http"

	"github.com/google/uuid"
	"gorm.io/gorm"

	"example.com/wiredrepo/database"
	"example.com/wiredrepo/domain"
	"example.com/wiredrepo/keystore"
)

// Service is what the handlers call.
type Service interface {
	Open(ctx context.Context, orderRef string) error
	Register(ctx context.Context, id, orderRef string) error
	RegisterOnce(ctx context.Context, id, orderRef string) error
	Collect(ctx context.Context, hubID, shipmentID string, amount int64) error
	CollectInTx(ctx context.Context, hubID, shipmentID string, amount int64) error
	Settle(ctx context.Context, key, hubID string, amount int64) error
	SettleInTx(ctx context.Context, key, hubID string, amount int64) error
	SettleClaimed(ctx context.Context, key, hubID string, amount int64) error
	Announce(ctx context.Context, topic string) error
	AnnounceOnce(ctx context.Context, key, topic string) error
	AnnounceClaimed(ctx context.Context, key, topic string) error
	OpenClaimed(ctx context.Context, key, orderRef string) error
	Deliver(ctx context.Context, shipmentID string) error
	Credit(ctx context.Context, key, account string, amount int64) error
	Transfer(ctx context.Context, from, to string, amount int64) error
	Ship(ctx context.Context, id string) error
	RegisterInTx(ctx context.Context, id, orderRef string) error
	RegisterCaptured(ctx context.Context, id, orderRef string) error
	OpenHub(ctx context.Context, id string) error
	Apply(ctx context.Context, kind, id string) error
}

// Manifests files the manifests of trips, through the store main wires.
type Manifests struct {
	Store database.Store[domain.Manifest]
	Tx    database.Transactor
	Filer Filer
}

// Filer files manifests behind an interface.
type Filer interface {
	Draft(ctx context.Context, trip string) error
	Replace(ctx context.Context, id, trip string) error
	Reopen(ctx context.Context, id string) error
}

// ReopenVia reopens a manifest through the filer.
func (m *Manifests) ReopenVia(w http.ResponseWriter, r *http.Request) {
	m.Filer.Reopen(r.Context(), r.FormValue("id"))
}

// DraftVia drafts a manifest through the filer.
func (m *Manifests) DraftVia(w http.ResponseWriter, r *http.Request) {
	m.Filer.Draft(r.Context(), r.FormValue("trip"))
}

// ReplaceVia replaces a manifest through the filer.
func (m *Manifests) ReplaceVia(w http.ResponseWriter, r *http.Request) {
	m.Filer.Replace(r.Context(), r.FormValue("id"), r.FormValue("trip"))
}

// Draft stores a manifest under an ID it makes: the type argument's
// primary key, which the generic store inserts.
func (m *Manifests) Draft(w http.ResponseWriter, r *http.Request) {
	m.Store.Create(r.Context(), &domain.Manifest{ID: uuid.NewString(), Trip: r.FormValue("trip")}) // want `a retry creates a second Manifest with a new ID: uuid.NewString\(\) is fresh on every attempt \(HTTP handler Manifests.Draft\)`
}

// Replace withdraws a filed manifest and files its replacement under a
// new ID, in one unit of work: the update sets the status its condition
// tests, so a retry updates no row and stops before the insert.
func (m *Manifests) Replace(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	m.Tx.InTx(ctx, func(ctx context.Context) error {
		n, err := m.Store.UpdateWhere(ctx, map[string]any{"status": "withdrawn"}, "id = ? AND status IN ?", r.FormValue("id"), []string{"filed"})
		if err != nil {
			return err
		}
		if n == 0 {
			return nil
		}
		return m.Store.Create(ctx, &domain.Manifest{ID: uuid.NewString(), Trip: r.FormValue("trip"), Status: "filed"})
	})
}

// File stores the manifest under the caller's ID.
func (m *Manifests) File(w http.ResponseWriter, r *http.Request) {
	m.Store.Create(r.Context(), &domain.Manifest{ID: r.FormValue("id"), Trip: r.FormValue("trip")})
}

// Registry stores shipments.
type Registry interface {
	Put(ctx context.Context, sh *domain.Shipment) error
}

// CreditStore keeps credits under request keys.
type CreditStore interface {
	Seen(ctx context.Context, key string) (bool, error)
	Add(ctx context.Context, key, account string, amount int64) error
}

// Units run work in a transaction they carry in the context.
type Units interface {
	RunInTx(ctx context.Context, fn func(ctx context.Context) error) error
}

// Depositor credits a hub.
type Depositor interface {
	Deposit(ctx context.Context, hubID string, amount int64) error
}

// depositor credits a hub in a unit of work of its own, which joins the
// caller's when the context carries one.
type depositor struct {
	tx database.Transactor
	db *gorm.DB
}

func (d *depositor) Deposit(ctx context.Context, hubID string, amount int64) error {
	return d.tx.InTx(ctx, func(ctx context.Context) error {
		return database.Conn(ctx, d.db).Model(&domain.Hub{}).Where("id = ?", hubID).Update("balance", gorm.Expr("balance + ?", amount)).Error
	})
}

// Claims claims request keys.
type Claims interface {
	Claim(ctx context.Context, key string) (bool, error)
}

// Outbox adds messages for other services.
type Outbox interface {
	Add(ctx context.Context, topic string) error
	Publish(ctx context.Context, topic string) error
	Notify(ctx context.Context, topic string) error
}

type service struct {
	tx        database.Transactor
	shipments *database.Repo[domain.Shipment]
	hubs      *database.Repo[domain.Hub]
	keys      *database.Repo[domain.IdempotencyKey]
	attempts  *database.Repo[domain.DeliveryAttempt]
	claims    *keystore.Keys
	claimsVia Claims
	outbox    Outbox
	credits   CreditStore
	units     Units
	inner     Depositor
	events    *database.Repo[domain.ShipmentEvent]
	registry  Registry
	store     *keystore.Shipments
}

// NewService returns the service on db.
func NewService(db *gorm.DB, tx database.Transactor, claims Claims, ob Outbox, credits CreditStore, units Units) Service {
	return &service{
		credits: credits, units: units, inner: &depositor{tx: tx, db: db},
		events: database.NewRepo[domain.ShipmentEvent](db), registry: &keystore.Shipments{DB: db}, store: &keystore.Shipments{DB: db},
		tx: tx, shipments: database.NewRepo[domain.Shipment](db), hubs: database.NewRepo[domain.Hub](db),
		keys: database.NewRepo[domain.IdempotencyKey](db), attempts: database.NewRepo[domain.DeliveryAttempt](db),
		claims: &keystore.Keys{DB: db}, claimsVia: claims, outbox: ob,
	}
}

func (s *service) Open(ctx context.Context, orderRef string) error {
	return s.shipments.Create(ctx, &domain.Shipment{ID: uuid.NewString(), OrderRef: orderRef, Status: "open"}) // want `a retry creates a second Shipment with a new ID: uuid.NewString\(\) is fresh on every attempt \(HTTP handler Handler.Open\)`
}

// Register stores the shipment under the caller's ID, and reads the row
// it stored back.
func (s *service) Register(ctx context.Context, id, orderRef string) error {
	sh := &domain.Shipment{ID: id, OrderRef: orderRef, Status: "open"}
	if err := s.shipments.Create(ctx, sh); err != nil { // want `a retry inserts the row for the same id again, which fails or duplicates it: the INSERT into shipments in database.Repo.Create has no conflict handling for the caller-known id \(HTTP handler Handler.Register\)`
		return err
	}
	log.Printf("shipment %s registered", sh.ID)
	return nil
}

func (s *service) RegisterOnce(ctx context.Context, id, orderRef string) error {
	_, err := s.shipments.CreateIfAbsent(ctx, &domain.Shipment{ID: id, OrderRef: orderRef, Status: "open"})
	return err
}

func (s *service) Collect(ctx context.Context, hubID, shipmentID string, amount int64) error {
	if _, err := s.hubs.UpdateWhere(ctx, map[string]any{"balance": gorm.Expr("balance + ?", amount)}, "id = ?", hubID); err != nil { // want `2 writes commit separately and the UPDATE of hubs \(it computes from the current value\) in database.Repo.UpdateWhere is not idempotent \(HTTP handler Handler.Collect\)`
		return err
	}
	_, err := s.shipments.UpdateWhere(ctx, map[string]any{"status": "collected"}, "id = ?", shipmentID)
	return err
}

func (s *service) CollectInTx(ctx context.Context, hubID, shipmentID string, amount int64) error {
	return s.tx.InTx(ctx, func(ctx context.Context) error {
		if _, err := s.hubs.UpdateWhere(ctx, map[string]any{"balance": gorm.Expr("balance + ?", amount)}, "id = ?", hubID); err != nil {
			return err
		}
		_, err := s.shipments.UpdateWhere(ctx, map[string]any{"status": "collected"}, "id = ?", shipmentID)
		return err
	})
}

func (s *service) Settle(ctx context.Context, key, hubID string, amount int64) error {
	if done, err := s.keys.CreateIfAbsent(ctx, &domain.IdempotencyKey{Key: key}); err != nil || !done { // want `a crash between the two commits records the key without its effect, .* \(idempotency_keys on a handle that commits each statement, the effect on a transaction; .*HTTP handler Handler.Settle\)`
		return err
	}
	return s.tx.InTx(ctx, func(ctx context.Context) error {
		_, err := s.hubs.UpdateWhere(ctx, map[string]any{"balance": gorm.Expr("balance - ?", amount)}, "id = ?", hubID)
		return err
	})
}

func (s *service) SettleInTx(ctx context.Context, key, hubID string, amount int64) error {
	return s.tx.InTx(ctx, func(ctx context.Context) error {
		if done, err := s.keys.CreateIfAbsent(ctx, &domain.IdempotencyKey{Key: key}); err != nil || !done {
			return err
		}
		_, err := s.hubs.UpdateWhere(ctx, map[string]any{"balance": gorm.Expr("balance - ?", amount)}, "id = ?", hubID)
		return err
	})
}

// SettleClaimed claims the key with another package's store, in the
// transaction of the effect.
func (s *service) SettleClaimed(ctx context.Context, key, hubID string, amount int64) error {
	return s.tx.InTx(ctx, func(ctx context.Context) error {
		if done, err := s.claims.Claim(ctx, key); err != nil || !done {
			return err
		}
		_, err := s.hubs.UpdateWhere(ctx, map[string]any{"balance": gorm.Expr("balance - ?", amount)}, "id = ?", hubID)
		return err
	})
}

func (s *service) Announce(ctx context.Context, topic string) error {
	return s.outbox.Add(ctx, topic)
}

// AnnounceOnce adds the message only past the claim of the key.
func (s *service) AnnounceOnce(ctx context.Context, key, topic string) error {
	return s.tx.InTx(ctx, func(ctx context.Context) error {
		if done, err := s.claims.Claim(ctx, key); err != nil || !done {
			return err
		}
		return s.outbox.Publish(ctx, topic)
	})
}

// AnnounceClaimed claims the key through an interface.
func (s *service) AnnounceClaimed(ctx context.Context, key, topic string) error {
	return s.tx.InTx(ctx, func(ctx context.Context) error {
		if done, err := s.claimsVia.Claim(ctx, key); err != nil || !done {
			return err
		}
		return s.outbox.Notify(ctx, topic)
	})
}

// OpenClaimed makes the shipment's ID only past the claim of the key.
func (s *service) OpenClaimed(ctx context.Context, key, orderRef string) error {
	return s.tx.InTx(ctx, func(ctx context.Context) error {
		if done, err := s.claimsVia.Claim(ctx, key); err != nil || !done {
			return err
		}
		return s.shipments.Create(ctx, &domain.Shipment{ID: uuid.NewString(), OrderRef: orderRef, Status: "open"})
	})
}

// Deliver records the attempt, then the shipment's new state: a retry
// adds another attempt, which is what the log is for.
func (s *service) Deliver(ctx context.Context, shipmentID string) error {
	if err := s.attempts.Create(ctx, &domain.DeliveryAttempt{ID: uuid.NewString(), ShipmentID: shipmentID}); err != nil {
		return err
	}
	_, err := s.shipments.UpdateWhere(ctx, map[string]any{"status": "delivered"}, "id = ?", shipmentID)
	return err
}

// Credit checks the request key before the transaction that adds the
// credit: two attempts at once both pass the check.
func (s *service) Credit(ctx context.Context, key, account string, amount int64) error {
	seen, err := s.credits.Seen(ctx, key)
	if err != nil || seen {
		return err
	}
	return s.units.RunInTx(ctx, func(ctx context.Context) error {
		return s.credits.Add(ctx, key, account, amount)
	})
}

// Transfer moves money in one transaction: the deposit's unit of work
// joins it.
func (s *service) Transfer(ctx context.Context, from, to string, amount int64) error {
	return s.tx.InTx(ctx, func(ctx context.Context) error {
		if _, err := s.hubs.UpdateWhere(ctx, map[string]any{"balance": gorm.Expr("balance - ?", amount)}, "id = ?", from); err != nil {
			return err
		}
		return s.inner.Deposit(ctx, to, amount)
	})
}

// Ship marks the shipment shipped before it records the event: a retry
// after the mark leaves at the status test, so it records no second
// event, and none at all if the first attempt failed before it.
func (s *service) Ship(ctx context.Context, id string) error {
	sh, err := s.shipments.Get(ctx, id)
	if err != nil {
		return err
	}
	if sh.Status != "open" {
		return nil
	}
	sh.Status = "shipped"
	if err := s.shipments.Save(ctx, sh); err != nil {
		return err
	}
	return s.events.Create(ctx, &domain.ShipmentEvent{ID: uuid.NewString(), ShipmentID: id, Kind: "shipped"}) // want `the check of stored state before them stops the retry that would finish it: 2 writes commit separately, the INSERT into shipment_events in database.Repo.Create first \(HTTP handler Handler.Ship\)`
}

func (s *service) RegisterInTx(ctx context.Context, id, orderRef string) error {
	return s.tx.InTx(ctx, func(ctx context.Context) error {
		return s.store.Add(ctx, &domain.Shipment{ID: id, OrderRef: orderRef, Status: "open"})
	})
}

// RegisterCaptured builds the shipment before the unit of work, whose
// function hands it to the registry: the ID is the caller's.
func (s *service) RegisterCaptured(ctx context.Context, id, orderRef string) error {
	sh := &domain.Shipment{ID: id, OrderRef: orderRef, Status: "open"}
	return s.tx.InTx(ctx, func(ctx context.Context) error {
		return s.registry.Put(ctx, sh)
	})
}

// OpenHub stores a hub under the caller's ID, through the same generic
// Create as the shipments.
func (s *service) OpenHub(ctx context.Context, id string) error {
	return s.hubs.Create(ctx, &domain.Hub{ID: id}) // want `a retry inserts the row for the same id again, which fails or duplicates it: the INSERT into hubs in database.Repo.Create has no conflict handling for the caller-known id \(HTTP handler Handler.OpenHub\)`
}

// A state is a shipment's state, kept as its text.
type state string

const (
	open      state = "open"
	delivered state = "delivered"
)

// Apply applies a courier's event. A delivery marks the shipment before
// it records the event, each on its own: after a failure between them
// the retry stops at the mark. A failure adds to the hub's count and
// the shipment's state in one unit of work.
func (s *service) Apply(ctx context.Context, kind, id string) error {
	switch kind {
	case "delivered":
		sh, err := s.shipments.Get(ctx, id)
		if err != nil {
			return err
		}
		if sh.Status == string(delivered) {
			return nil
		}
		if _, err := s.shipments.UpdateWhere(ctx, map[string]any{"status": delivered}, "id = ? AND status = ?", sh.ID, open); err != nil {
			return err
		}
		return s.events.Create(ctx, &domain.ShipmentEvent{ID: uuid.NewString(), ShipmentID: id, Kind: "delivered"}) // want `the check of stored state before them stops the retry that would finish it: 2 writes commit separately, the INSERT into shipment_events in database.Repo.Create first \(HTTP handler Handler.Apply\)`
	case "failed":
		return s.tx.InTx(ctx, func(ctx context.Context) error {
			if _, err := s.hubs.UpdateWhere(ctx, map[string]any{"balance": gorm.Expr("balance + ?", 1)}, "id = ?", id); err != nil {
				return err
			}
			_, err := s.shipments.UpdateWhere(ctx, map[string]any{"status": "failed"}, "id = ?", id)
			return err
		})
	}
	return nil
}

// Handler serves the API.
type Handler struct{ Svc Service }

func (h *Handler) Open(w http.ResponseWriter, r *http.Request) {
	h.Svc.Open(r.Context(), r.FormValue("order"))
}

func (h *Handler) Register(w http.ResponseWriter, r *http.Request) {
	h.Svc.Register(r.Context(), r.FormValue("id"), r.FormValue("order"))
}

func (h *Handler) RegisterOnce(w http.ResponseWriter, r *http.Request) {
	h.Svc.RegisterOnce(r.Context(), r.FormValue("id"), r.FormValue("order"))
}

func (h *Handler) Collect(w http.ResponseWriter, r *http.Request) {
	h.Svc.Collect(r.Context(), r.FormValue("hub"), r.FormValue("id"), 100)
}

func (h *Handler) CollectInTx(w http.ResponseWriter, r *http.Request) {
	h.Svc.CollectInTx(r.Context(), r.FormValue("hub"), r.FormValue("id"), 100)
}

func (h *Handler) Settle(w http.ResponseWriter, r *http.Request) {
	h.Svc.Settle(r.Context(), r.Header.Get("Idempotency-Key"), r.FormValue("hub"), 100)
}

func (h *Handler) SettleInTx(w http.ResponseWriter, r *http.Request) {
	h.Svc.SettleInTx(r.Context(), r.Header.Get("Idempotency-Key"), r.FormValue("hub"), 100)
}

func (h *Handler) SettleClaimed(w http.ResponseWriter, r *http.Request) {
	h.Svc.SettleClaimed(r.Context(), r.Header.Get("Idempotency-Key"), r.FormValue("hub"), 100)
}

func (h *Handler) Announce(w http.ResponseWriter, r *http.Request) {
	h.Svc.Announce(r.Context(), r.FormValue("topic"))
}

func (h *Handler) AnnounceOnce(w http.ResponseWriter, r *http.Request) {
	h.Svc.AnnounceOnce(r.Context(), r.Header.Get("Idempotency-Key"), r.FormValue("topic"))
}

func (h *Handler) AnnounceClaimed(w http.ResponseWriter, r *http.Request) {
	h.Svc.AnnounceClaimed(r.Context(), r.Header.Get("Idempotency-Key"), r.FormValue("topic"))
}

func (h *Handler) OpenClaimed(w http.ResponseWriter, r *http.Request) {
	h.Svc.OpenClaimed(r.Context(), r.Header.Get("Idempotency-Key"), r.FormValue("order"))
}

func (h *Handler) Deliver(w http.ResponseWriter, r *http.Request) {
	h.Svc.Deliver(r.Context(), r.FormValue("id"))
}

func (h *Handler) Credit(w http.ResponseWriter, r *http.Request) {
	h.Svc.Credit(r.Context(), r.Header.Get("Idempotency-Key"), r.FormValue("account"), 100)
}

func (h *Handler) Transfer(w http.ResponseWriter, r *http.Request) {
	h.Svc.Transfer(r.Context(), r.FormValue("from"), r.FormValue("to"), 100)
}

func (h *Handler) Ship(w http.ResponseWriter, r *http.Request) {
	h.Svc.Ship(r.Context(), r.FormValue("id"))
}

func (h *Handler) RegisterInTx(w http.ResponseWriter, r *http.Request) {
	h.Svc.RegisterInTx(r.Context(), r.FormValue("id"), r.FormValue("order"))
}

func (h *Handler) RegisterCaptured(w http.ResponseWriter, r *http.Request) {
	h.Svc.RegisterCaptured(r.Context(), r.FormValue("id"), r.FormValue("order"))
}

func (h *Handler) OpenHub(w http.ResponseWriter, r *http.Request) {
	h.Svc.OpenHub(r.Context(), r.FormValue("id"))
}

func (h *Handler) Apply(w http.ResponseWriter, r *http.Request) {
	h.Svc.Apply(r.Context(), r.FormValue("kind"), r.FormValue("id"))
}
