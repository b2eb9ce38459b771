// Package stateguards holds handlers that test stored state before the
// work and write that state: a retry after the write leaves at the test.
package stateguards

import (
	"context"
	"database/sql"
	"log"
	"net/http"
	"strconv"

	"github.com/google/uuid"
)

type Item struct {
	SKU string
	Qty int
}

type Reservation struct {
	ID, Status string
}

type Status string

const (
	Reserved  Status = "reserved"
	Completed Status = "completed"
)

func (s Status) String() string { return string(s) }

type Repo interface {
	Get(ctx context.Context, sku string) (*Item, error)
	Create(ctx context.Context, item *Item) error
	Update(ctx context.Context, item *Item) error
	Reservations(ctx context.Context, order string) ([]*Reservation, error)
	SaveReservation(ctx context.Context, r *Reservation) error
	Order(ctx context.Context, id string) (*Order, error)
	SetOrderState(ctx context.Context, id string, s OrderState) error
	SetNote(ctx context.Context, id, note string) error
	Crate(ctx context.Context, id string) (Crate, error)
	Manifest(ctx context.Context, crateID string) (*Manifest, error)
	SaveManifest(ctx context.Context, m Manifest) error
}

type Crate struct{ ID, Ref string }

type Manifest struct{ ID, CrateID string }

// An OrderState is an order's state.
type OrderState string

const (
	Open      OrderState = "open"
	Cancelled OrderState = "cancelled"
)

type Order struct {
	ID    string
	State OrderState
	Note  string
}

var (
	repo Repo
	db   *sql.DB
)

const move = "INSERT INTO stock_moves (id, ref) VALUES ($1, $2)"

// Negative: the item is looked up by its SKU first, and stored before
// the move: a retry finds it and leaves.
func create(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	item := &Item{SKU: r.FormValue("sku")}
	if _, err := repo.Get(ctx, item.SKU); err == nil {
		return
	}
	if err := repo.Create(ctx, item); err != nil {
		return
	}
	db.ExecContext(ctx, move, uuid.NewString(), item.SKU)
}

// Negative: the same test written on the result, after the error.
func createFound(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	item := &Item{SKU: r.FormValue("sku")}
	if existing, err := repo.Get(ctx, item.SKU); err == nil && existing != nil {
		return
	}
	if err := repo.Create(ctx, item); err != nil {
		return
	}
	db.ExecContext(ctx, move, uuid.NewString(), item.SKU)
}

// The move is inserted before the item is stored: a failure between
// them leaves no item, and the retry inserts the move again.
func createLate(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	item := &Item{SKU: r.FormValue("sku")}
	if _, err := repo.Get(ctx, item.SKU); err == nil {
		return
	}
	db.ExecContext(ctx, move, uuid.NewString(), item.SKU) // want `a retry inserts a second stock_moves row with a new id`
	repo.Create(ctx, item)
}

// The test only logs: the retry goes on.
func createLogged(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	item := &Item{SKU: r.FormValue("sku")}
	if _, err := repo.Get(ctx, item.SKU); err == nil {
		log.Print("exists")
	}
	if err := repo.Create(ctx, item); err != nil {
		return
	}
	db.ExecContext(ctx, move, uuid.NewString(), item.SKU) // want `a retry inserts a second stock_moves row with a new id`
}

// The lookup is keyed by another value than the item stored.
func createOtherKey(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	item := &Item{SKU: r.FormValue("sku")}
	if _, err := repo.Get(ctx, r.FormValue("other")); err == nil {
		return
	}
	if err := repo.Create(ctx, item); err != nil {
		return
	}
	db.ExecContext(ctx, move, uuid.NewString(), item.SKU) // want `a retry inserts a second stock_moves row with a new id`
}

// Negative: only reserved reservations are completed, and each is
// stored completed before its move.
func complete(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	rs, err := repo.Reservations(ctx, r.FormValue("order"))
	if err != nil {
		return
	}
	for _, res := range rs {
		if res.Status != Reserved.String() {
			continue
		}
		res.Status = Completed.String()
		if err := repo.SaveReservation(ctx, res); err != nil {
			return
		}
		db.ExecContext(ctx, move, uuid.NewString(), res.ID)
	}
}

// The status stored is the one tested: the retry passes the test again.
func completeSame(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	rs, _ := repo.Reservations(ctx, r.FormValue("order"))
	for _, res := range rs {
		if res.Status != "reserved" {
			continue
		}
		res.Status = "reserved"
		repo.SaveReservation(ctx, res)
		db.ExecContext(ctx, move, uuid.NewString(), res.ID) // want `a retry inserts a second stock_moves row with a new id`
	}
}

// Negative: the move is recorded only when the stored quantity differs
// from the one the request sets, which it no longer does on a retry.
func adjust(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	n, _ := strconv.Atoi(r.FormValue("qty"))
	item := &Item{SKU: r.FormValue("sku"), Qty: n}
	old, err := repo.Get(ctx, item.SKU)
	if err != nil {
		return
	}
	changed := old.Qty != item.Qty
	if err := repo.Update(ctx, item); err != nil {
		return
	}
	if changed {
		db.ExecContext(ctx, move, uuid.NewString(), item.SKU)
	}
}

// The quantity is added to, not set: the stored value differs again on
// the retry.
func adjustAdd(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	n, _ := strconv.Atoi(r.FormValue("qty"))
	item, err := repo.Get(ctx, r.FormValue("sku"))
	if err != nil || n == 0 {
		return
	}
	item.Qty += n
	repo.Update(ctx, item)
	db.ExecContext(ctx, move, uuid.NewString(), item.SKU) // want `a retry inserts a second stock_moves row with a new id`
}

// Negative: the same change test, written the other way round.
func adjustReversed(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	n, _ := strconv.Atoi(r.FormValue("qty"))
	item := &Item{SKU: r.FormValue("sku"), Qty: n}
	old, err := repo.Get(ctx, item.SKU)
	if err != nil {
		return
	}
	if err := repo.Update(ctx, item); err != nil {
		return
	}
	if item.Qty != old.Qty {
		db.ExecContext(ctx, move, uuid.NewString(), item.SKU)
	}
}

// Negative: the order's state is set by its ID to the state the test
// leaves at, before the move: a retry finds it cancelled and leaves.
func cancelOrder(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	o, err := repo.Order(ctx, r.FormValue("id"))
	if err != nil || o.State == Cancelled {
		return
	}
	if err := repo.SetOrderState(ctx, o.ID, Cancelled); err != nil {
		return
	}
	db.ExecContext(ctx, move, uuid.NewString(), o.ID)
}

// Negative: the test is of the state it starts from; the state set is
// another, so a retry fails the test and leaves.
func cancelOpen(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	o, err := repo.Order(ctx, r.FormValue("id"))
	if err != nil {
		return
	}
	if o.State != Open {
		return
	}
	if err := repo.SetOrderState(ctx, o.ID, Cancelled); err != nil {
		return
	}
	db.ExecContext(ctx, move, uuid.NewString(), o.ID)
}

// The state set is the one the work needs: a retry passes the test again.
func reopenOrder(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	o, err := repo.Order(ctx, r.FormValue("id"))
	if err != nil || o.State != Open {
		return
	}
	repo.SetOrderState(ctx, o.ID, Open)
	db.ExecContext(ctx, move, uuid.NewString(), o.ID) // want `a retry inserts a second stock_moves row with a new id`
}

// A call given the ID and a text sets something else than the tested
// note: nothing says it changes the note.
func noteOrder(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	o, err := repo.Order(ctx, r.FormValue("id"))
	if err != nil || o.Note == "done" {
		return
	}
	repo.SetOrderState(ctx, o.ID, Cancelled)
	db.ExecContext(ctx, move, uuid.NewString(), o.ID) // want `a retry inserts a second stock_moves row with a new id`
}

// A store of the notices sent for a bill, one per kind.
type noticeStore struct{ db *sql.DB }

type Notice struct{ ID, BillID, Kind string }

type Bill struct{ ID, Email string }

func (s noticeStore) Exists(ctx context.Context, billID, kind string) (bool, error) {
	var found bool
	err := s.db.QueryRowContext(ctx, "SELECT EXISTS (SELECT 1 FROM notices WHERE bill_id = $1 AND kind = $2)", billID, kind).Scan(&found)
	return found, err
}

func (s noticeStore) Bill(ctx context.Context, id string) (*Bill, error) {
	var b Bill
	err := s.db.QueryRowContext(ctx, "SELECT id, email FROM bills WHERE id = $1", id).Scan(&b.ID, &b.Email)
	return &b, err
}

func (s noticeStore) Insert(ctx context.Context, n Notice) error {
	_, err := s.db.ExecContext(ctx, "INSERT INTO notices (id, bill_id, kind) VALUES ($1, $2, $3)", n.ID, n.BillID, n.Kind)
	return err
}

var notices noticeStore

// Negative: the lookup answers whether the bill's notice of this kind
// is there, and the notice stored after it holds the bill (the ID of
// the bill read by the same key) and the kind: a retry after the insert
// leaves at the test.
func notifyIssued(w http.ResponseWriter, r *http.Request) {
	ctx, billID := r.Context(), r.FormValue("bill")
	done, err := notices.Exists(ctx, billID, "issued")
	if err != nil || done {
		return
	}
	bill, err := notices.Bill(ctx, billID)
	if err != nil {
		return
	}
	notices.Insert(ctx, Notice{ID: uuid.NewString(), BillID: bill.ID, Kind: "issued"})
}

// Negative: the same test, negated.
func notifyIssuedNegated(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	bill := r.FormValue("bill")
	if sent, err := notices.Exists(ctx, bill, "issued"); err == nil && !sent {
		notices.Insert(ctx, Notice{ID: uuid.NewString(), BillID: bill, Kind: "issued"})
	}
}

// The lookup asks about another kind of notice than the one stored: the
// retry finds none and stores a second.
func notifyOtherKind(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	bill := r.FormValue("bill")
	done, err := notices.Exists(ctx, bill, "reminded")
	if err != nil || done {
		return
	}
	notices.Insert(ctx, Notice{ID: uuid.NewString(), BillID: bill, Kind: "issued"}) // want `a retry inserts a second notices row with a new id`
}

// The answer is not tested before the insert: the retry inserts again.
func notifyUntested(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	bill := r.FormValue("bill")
	done, _ := notices.Exists(ctx, bill, "issued")
	log.Print(done)
	notices.Insert(ctx, Notice{ID: uuid.NewString(), BillID: bill, Kind: "issued"}) // want `a retry inserts a second notices row with a new id`
}

// Negative: the manifest is looked up by the crate's ID, read from a
// variable that holds the crate in memory, and saved in a row built
// after, under the same ID read again: a retry finds it and leaves.
func manifest(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	p, err := repo.Crate(ctx, r.FormValue("crate"))
	if err != nil {
		return
	}
	defer log.Printf("crate %v", &p)
	if m, err := repo.Manifest(ctx, p.ID); err != nil || m != nil {
		return
	}
	if err := repo.SaveManifest(ctx, Manifest{ID: p.ID + "-m", CrateID: p.ID}); err != nil {
		return
	}
	db.ExecContext(ctx, move, uuid.NewString(), p.ID)
}

// The same, with the crate's reference saved: the lookup's key is not
// in the row, and the retry gets past it.
func manifestByRef(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	p, err := repo.Crate(ctx, r.FormValue("crate"))
	if err != nil {
		return
	}
	defer log.Printf("crate %v", &p)
	if m, err := repo.Manifest(ctx, p.ID); err != nil || m != nil {
		return
	}
	if err := repo.SaveManifest(ctx, Manifest{ID: p.Ref + "-m", CrateID: p.Ref}); err != nil {
		return
	}
	db.ExecContext(ctx, move, uuid.NewString(), p.ID) // want `a retry inserts a second stock_moves row with a new id`
}

// Negative: the same with the crate kept as a value, its ID read twice.
func manifestValue(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	p, err := repo.Crate(ctx, r.FormValue("crate"))
	if err != nil {
		return
	}
	if m, err := repo.Manifest(ctx, p.ID); err != nil || m != nil {
		return
	}
	if err := repo.SaveManifest(ctx, Manifest{ID: p.ID + "-m", CrateID: p.ID}); err != nil {
		return
	}
	db.ExecContext(ctx, move, uuid.NewString(), p.ID)
}
