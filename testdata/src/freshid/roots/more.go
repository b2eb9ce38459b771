package roots

import (
	"context"
	crand "crypto/rand"
	randv2 "math/rand/v2"
	"net/http"

	"cloud.google.com/go/pubsub"
	"example.com/orderpb"
	"github.com/go-chi/chi/v5"
	"github.com/gofiber/fiber/v2"
	"github.com/google/uuid"
	"github.com/nats-io/nats.go"
	"github.com/sethvargo/go-retry"
	"go.temporal.io/sdk/worker"
)

type orderServer struct {
	orderpb.UnimplementedOrderServiceServer
}

func (s *orderServer) CreateOrder(ctx context.Context, req *orderpb.CreateOrderRequest) (*orderpb.Order, error) {
	id, _ := uuid.NewV7() // want `gRPC method orderServer.CreateOrder`
	_, err := db.ExecContext(ctx, "INSERT INTO orders (id, customer_id) VALUES ($1, $2)", id, req.GetCustomerId())
	return &orderpb.Order{}, err
}

// Negative: the order id is the caller's idempotency key.
func (s *orderServer) GetOrder(ctx context.Context, req *orderpb.GetOrderRequest) (*orderpb.Order, error) {
	return &orderpb.Order{}, nil
}

func subscribe(nc *nats.Conn) {
	nc.Subscribe("orders", func(m *nats.Msg) {
		db.Exec("INSERT INTO orders (id, body) VALUES ($1, $2)", uuid.New(), m.Data) // want `NATS handler`
	})
}

func receive(ctx context.Context, sub *pubsub.Subscription) error {
	return sub.Receive(ctx, func(ctx context.Context, m *pubsub.Message) {
		db.ExecContext(ctx, "INSERT INTO events (event_id) VALUES ($1)", randv2.Int64()) // want `Pub/Sub receiver`
		m.Ack()
	})
}

func BookCollection(ctx context.Context, orderID string) error {
	_, err := db.ExecContext(ctx, "INSERT INTO bookings (booking_ref, order_id) VALUES ($1, $2)", crand.Text(), orderID) // want `Temporal activity BookCollection`
	return err
}

func registerActivities(w worker.Worker) {
	w.RegisterActivity(BookCollection)
}

func fiberCreate(c *fiber.Ctx) error {
	_, err := db.Exec("INSERT INTO carts (cart_id) VALUES ($1)", uuid.NewString()) // want `fiber handler`
	return err
}

func routes() http.Handler {
	r := chi.NewRouter()
	r.Post("/orders", func(w http.ResponseWriter, req *http.Request) {
		db.Exec("INSERT INTO orders (id) VALUES ($1)", uuid.NewString()) // want `HTTP handler func literal in routes`
	})
	return r
}

func withGoRetry(ctx context.Context) error {
	return retry.Do(ctx, retry.NewFibonacci(1), func(ctx context.Context) error {
		_, err := db.ExecContext(ctx, "INSERT INTO transfers (transfer_id) VALUES ($1)", uuid.NewString()) // want `retry.Do function`
		return err
	})
}

// charge is retried by its callers' own scheduler.
//
//idemlint:retried
func charge(ctx context.Context) error {
	_, err := db.ExecContext(ctx, "INSERT INTO charges (charge_id) VALUES ($1)", uuid.NewString()) // want `function marked retried charge`
	return err
}

// Negative: not retried, not marked.
func backfill(ctx context.Context) error {
	_, err := db.ExecContext(ctx, "INSERT INTO charges (charge_id) VALUES ($1)", uuid.NewString())
	return err
}

// Negative: an HTTP handler that only reads.
func getOrder(w http.ResponseWriter, r *http.Request) {
	db.QueryRow("SELECT total FROM orders WHERE id = $1", r.URL.Query().Get("id"))
	w.Header().Set("X-Request-Id", uuid.NewString())
}
