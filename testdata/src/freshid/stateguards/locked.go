package stateguards

import (
	"context"
	"database/sql"
	"net/http"

	"github.com/google/uuid"
)

// A ParcelState is a parcel's state; the row keeps it as text.
type ParcelState string

const (
	Waiting   ParcelState = "waiting"
	Assigned  ParcelState = "assigned"
	Delivered ParcelState = "delivered"
)

type Parcel struct {
	ID, Status, Shelf string
}

type Assignment struct {
	ID, ParcelID, Courier string
}

// locks is the package's repository of rows read for update.
type locks struct{}

func (locks) lockParcel(ctx context.Context, tx *sql.Tx, id string) (*Parcel, error) {
	var p Parcel
	err := tx.QueryRowContext(ctx, "SELECT id, status FROM parcels WHERE id = $1 FOR UPDATE", id).Scan(&p.ID, &p.Status)
	return &p, err
}

func (locks) insertAssignment(ctx context.Context, tx *sql.Tx, a *Assignment) error {
	_, err := tx.ExecContext(ctx, "INSERT INTO assignments (id, parcel_id, courier) VALUES ($1, $2, $3)", a.ID, a.ParcelID, a.Courier)
	return err
}

func (locks) setParcelCourier(ctx context.Context, tx *sql.Tx, id, courier string, to ParcelState) error {
	_, err := tx.ExecContext(ctx, "UPDATE parcels SET courier = $2, status = $3 WHERE id = $1", id, courier, string(to))
	return err
}

var parcels locks

// Negative: the parcel is locked and tested for its state, and the state
// set by its key in the same transaction as the assignment: a retry after
// the commit finds it assigned and leaves.
func assign(w http.ResponseWriter, r *http.Request) {
	assignParcel(r.Context(), r.FormValue("parcel"), r.FormValue("courier"))
}

func assignParcel(ctx context.Context, id, courier string) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	p, err := parcels.lockParcel(ctx, tx, id)
	if err != nil {
		return err
	}
	if p.Status != string(Waiting) {
		return nil
	}
	a := &Assignment{ID: uuid.NewString(), ParcelID: id, Courier: courier}
	if err := parcels.insertAssignment(ctx, tx, a); err != nil {
		return err
	}
	if err := parcels.setParcelCourier(ctx, tx, id, courier, Assigned); err != nil {
		return err
	}
	return tx.Commit()
}

// The same without the state set: a retry inserts a second assignment.
func assignUnmarked(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return
	}
	defer tx.Rollback()
	p, err := parcels.lockParcel(ctx, tx, r.FormValue("parcel"))
	if err != nil || p.Status != string(Waiting) {
		return
	}
	a := &Assignment{ID: uuid.NewString(), ParcelID: p.ID} // want `a retry inserts a second assignments row with a new id`
	if err := parcels.insertAssignment(ctx, tx, a); err != nil {
		return
	}
	tx.Commit()
}

// The state set is the one the test asks for: the test never says the
// work is done.
func assignSame(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	id := r.FormValue("parcel")
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return
	}
	defer tx.Rollback()
	p, err := parcels.lockParcel(ctx, tx, id)
	if err != nil || p.Status != string(Waiting) {
		return
	}
	a := &Assignment{ID: uuid.NewString(), ParcelID: id} // want `a retry inserts a second assignments row with a new id`
	if err := parcels.insertAssignment(ctx, tx, a); err != nil {
		return
	}
	parcels.setParcelCourier(ctx, tx, id, "", Waiting)
	tx.Commit()
}

// Negative: the same in a function literal a helper runs in its
// transaction, which reads the parcel's key from the enclosing function.
func assignInTx(w http.ResponseWriter, r *http.Request) {
	assignParcelTx(r.Context(), r.FormValue("parcel"), r.FormValue("courier"))
}

func assignParcelTx(ctx context.Context, id, courier string) error {
	return inTx(ctx, func(tx *sql.Tx) error {
		p, err := parcels.lockParcel(ctx, tx, id)
		if err != nil {
			return err
		}
		if p.Status != string(Waiting) {
			return nil
		}
		a := &Assignment{ID: uuid.NewString(), ParcelID: id, Courier: courier}
		if err := parcels.insertAssignment(ctx, tx, a); err != nil {
			return err
		}
		return parcels.setParcelCourier(ctx, tx, id, courier, Assigned)
	})
}

func inTx(ctx context.Context, fn func(tx *sql.Tx) error) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if err := fn(tx); err != nil {
		return err
	}
	return tx.Commit()
}

// updateWhere sets fields on the parcels that match the condition.
func (locks) updateWhere(ctx context.Context, fields map[string]any, query string, args ...any) error {
	_, err := db.ExecContext(ctx, "UPDATE parcels SET status = $1", fields["status"])
	return err
}

func (locks) getParcel(ctx context.Context, id string) (*Parcel, error) {
	var p Parcel
	err := db.QueryRowContext(ctx, "SELECT id, status FROM parcels WHERE id = $1", id).Scan(&p.ID, &p.Status)
	return &p, err
}

// Negative: the state is set through a map of columns, on a condition
// that names the state it moves from: the map's value is the state set.
func deliver(w http.ResponseWriter, r *http.Request) {
	deliverParcel(r.Context(), r.FormValue("parcel"))
}

func deliverParcel(ctx context.Context, id string) error {
	p, err := parcels.getParcel(ctx, id)
	if err != nil {
		return err
	}
	if p.Status == string(Delivered) {
		return nil
	}
	if err := parcels.updateWhere(ctx, map[string]any{"status": Delivered}, "id = ? AND status = ?", p.ID, Assigned); err != nil {
		return err
	}
	_, err = db.ExecContext(ctx, "INSERT INTO parcel_events (id, parcel_id) VALUES ($1, $2)", uuid.NewString(), p.ID)
	return err
}

func (locks) lockParcelRow(ctx context.Context, tx *sql.Tx, id string) (Parcel, error) {
	var p Parcel
	err := tx.QueryRowContext(ctx, "SELECT id, status FROM parcels WHERE id = $1 FOR UPDATE", id).Scan(&p.ID, &p.Status)
	return p, err
}

func note(p *Parcel) {}

// Negative: the parcel is read by value into a variable whose address
// is taken, tested, and its state set by its key before the assignment,
// in one transaction.
func assignKept(w http.ResponseWriter, r *http.Request) {
	assignParcelKept(r.Context(), r.FormValue("parcel"), r.FormValue("courier"))
}

func assignParcelKept(ctx context.Context, id, courier string) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	p, err := parcels.lockParcelRow(ctx, tx, id)
	if err != nil {
		return err
	}
	note(&p)
	if p.Status != string(Waiting) {
		return nil
	}
	if err := parcels.setParcelCourier(ctx, tx, id, courier, Assigned); err != nil {
		return err
	}
	if err := parcels.insertAssignment(ctx, tx, &Assignment{ID: uuid.NewString(), ParcelID: id, Courier: courier}); err != nil {
		return err
	}
	return tx.Commit()
}

func (locks) setShelf(ctx context.Context, tx *sql.Tx, id, shelf string) error {
	_, err := tx.ExecContext(ctx, "UPDATE parcels SET shelf = $2 WHERE id = $1", id, shelf)
	return err
}

// Negative: the parcel's shelf is compared with the one asked for, and
// set to it by the parcel's key before the move is recorded, in one
// transaction: a retry finds it there and leaves.
func shelve(w http.ResponseWriter, r *http.Request) {
	shelveParcel(r.Context(), r.FormValue("parcel"), r.FormValue("shelf"))
}

func shelveParcel(ctx context.Context, id, shelf string) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	p, err := parcels.lockParcel(ctx, tx, id)
	if err != nil {
		return err
	}
	if p.Shelf == shelf {
		return nil
	}
	if err := parcels.setShelf(ctx, tx, id, shelf); err != nil {
		return err
	}
	if err := parcels.insertAssignment(ctx, tx, &Assignment{ID: uuid.NewString(), ParcelID: id, Courier: shelf}); err != nil {
		return err
	}
	return tx.Commit()
}

// The shelf compared is not the one set: a retry passes the test again.
func reshelve(w http.ResponseWriter, r *http.Request) {
	reshelveParcel(r.Context(), r.FormValue("parcel"), r.FormValue("shelf"))
}

func reshelveParcel(ctx context.Context, id, shelf string) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	p, err := parcels.lockParcel(ctx, tx, id)
	if err != nil {
		return err
	}
	if p.Shelf == shelf {
		return nil
	}
	if err := parcels.setShelf(ctx, tx, id, "returns"); err != nil {
		return err
	}
	if err := parcels.insertAssignment(ctx, tx, &Assignment{ID: uuid.NewString(), ParcelID: id, Courier: shelf}); err != nil { // want `a retry inserts a second assignments row with a new id: uuid.NewString\(\) is fresh on every attempt \(HTTP handler reshelve\)`
		return err
	}
	return tx.Commit()
}
