// Package ctxkeys holds roots whose operation key travels in their
// context: code of the path that has the context, but not the delivery,
// reads the key from it.
package ctxkeys

import (
	"context"
	"database/sql"

	"github.com/google/uuid"
	"go.temporal.io/sdk/worker"
	"google.golang.org/grpc"
)

var db *sql.DB

// BookSlot is a Temporal activity; the booking's ID is made in a
// helper it calls with its own context.
func BookSlot(ctx context.Context, orderID string) error {
	return insertBooking(ctx, orderID)
}

func insertBooking(ctx context.Context, orderID string) error {
	_, err := db.ExecContext(ctx, "INSERT INTO bookings (id, order_id) VALUES ($1, $2)", uuid.NewString(), orderID) // want `a retry inserts a second bookings row with a new id: uuid.NewString\(\) is fresh on every attempt \(Temporal activity BookSlot\)`
	return err
}

// ReserveSeat makes the ID itself.
func ReserveSeat(ctx context.Context, show string) error {
	_, err := db.ExecContext(ctx, "INSERT INTO seats (id, show) VALUES ($1, $2)", uuid.NewString(), show) // want `\(Temporal activity ReserveSeat\)`
	return err
}

// ShipParcel's helper is also called with a context of no activity:
// activity.GetInfo would panic there, so no fix.
func ShipParcel(ctx context.Context, id string) error {
	return insertParcel(ctx, id)
}

func insertParcel(ctx context.Context, id string) error {
	_, err := db.ExecContext(ctx, "INSERT INTO parcels (id, ref) VALUES ($1, $2)", uuid.NewString(), id) // want `\(Temporal activity ShipParcel\)`
	return err
}

// Backfill runs outside any activity.
func Backfill() error { return insertParcel(context.Background(), "x") }

func register(w worker.Worker) {
	w.RegisterActivity(BookSlot)
	w.RegisterActivity(ReserveSeat)
	w.RegisterActivity(ShipParcel)
}

type CreateTaskReq struct{ Title string }
type CreateTaskRes struct{}

type TasksServer interface {
	CreateTask(ctx context.Context, req *CreateTaskReq) (*CreateTaskRes, error)
}

func RegisterTasksServer(s grpc.ServiceRegistrar, srv TasksServer) {}

type tasks struct{}

// CreateTask is a gRPC method: a caller's idempotency-key metadata,
// when sent, names the task.
func (t *tasks) CreateTask(ctx context.Context, req *CreateTaskReq) (*CreateTaskRes, error) {
	_, err := db.ExecContext(ctx, "INSERT INTO tasks (id, title) VALUES ($1, $2)", uuid.NewString(), req.Title) // want `\(gRPC method tasks.CreateTask\)`
	return &CreateTaskRes{}, err
}

func serve() {
	RegisterTasksServer(&grpc.Server{}, &tasks{})
}
