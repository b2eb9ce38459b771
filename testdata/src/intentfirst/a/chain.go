package a

import (
	"context"
	"net/http"

	"example.com/carrierpb"
	"github.com/gin-gonic/gin"
	"github.com/hashicorp/go-retryablehttp"
	"github.com/hibiken/asynq"
	"github.com/stripe/stripe-go/v82"
	stripecharge "github.com/stripe/stripe-go/v82/charge"
	"go.temporal.io/sdk/worker"
)

var rc *retryablehttp.Client

// A Temporal activity charging with a stable key, its charge ID stored.
func ChargeActivity(ctx context.Context, opID string, amount int64) error {
	params := &stripe.ChargeParams{Amount: stripe.Int64(amount)}
	params.SetIdempotencyKey(opID)
	ch, err := stripecharge.New(params) // want `Stripe charge .*Temporal activity ChargeActivity`
	if err != nil {
		return err
	}
	_, err = db.ExecContext(ctx, "UPDATE charges SET stripe_id = $1 WHERE op_id = $2", ch.ID, opID)
	return err
}

func registerCharge(w worker.Worker) { w.RegisterActivity(ChargeActivity) }

// A retryablehttp POST without a key; the status goes to a repository of
// another package.
func ginBook(c *gin.Context) {
	resp, err := rc.Post("https://carrier.example/bookings", "application/json", nil) // want `retried HTTP POST .*gin handler ginBook`
	if err != nil {
		return
	}
	store.SaveTracking(c.Request.Context(), c.Param("order"), resp.Status)
}

// The call is in a helper; its outcome is written back by the caller.
func bookAndStore(ctx context.Context, t *asynq.Task) error {
	b, err := callCarrier(ctx, t.ResultWriter().TaskID())
	if err != nil {
		return err
	}
	_, err = db.ExecContext(ctx, "UPDATE shipments SET tracking_number = $1", b.TrackingNumber)
	return err
}

func callCarrier(ctx context.Context, id string) (*carrierpb.Booking, error) {
	return carrier.BookCollection(ctx, &carrierpb.BookCollectionRequest{IdempotencyKey: id}) // want `gRPC BookCollection .*asynq handler bookAndStore`
}

// Negative: the intent is committed by the handler before it calls the
// helper that books with the same ID and writes back.
func recordThenBook(ctx context.Context, t *asynq.Task) error {
	id := t.ResultWriter().TaskID()
	if _, err := db.ExecContext(ctx, "INSERT INTO shipments (op_id) VALUES ($1) ON CONFLICT DO NOTHING", id); err != nil {
		return err
	}
	return bookAndSave(ctx, id)
}

func bookAndSave(ctx context.Context, opID string) error {
	b, err := carrier.BookCollection(ctx, &carrierpb.BookCollectionRequest{IdempotencyKey: opID})
	if err != nil {
		return err
	}
	_, err = db.ExecContext(ctx, "UPDATE shipments SET tracking_number = $1 WHERE op_id = $2", b.TrackingNumber, opID)
	return err
}

// Negative: the intent is an INSERT ... RETURNING on the pool.
func returning(ctx context.Context, t *asynq.Task) error {
	id := t.ResultWriter().TaskID()
	var rowID int64
	if err := db.QueryRowContext(ctx, "INSERT INTO shipments (op_id) VALUES ($1) RETURNING id", id).Scan(&rowID); err != nil {
		return err
	}
	b, err := carrier.BookCollection(ctx, &carrierpb.BookCollectionRequest{IdempotencyKey: id})
	if err != nil {
		return err
	}
	_, err = db.ExecContext(ctx, "UPDATE shipments SET tracking_number = $1 WHERE id = $2", b.TrackingNumber, rowID)
	return err
}

// Negative: not on a retried path.
func main() {
	http.ListenAndServe(":8080", nil)
	b, _ := carrier.BookCollection(context.Background(), &carrierpb.BookCollectionRequest{})
	db.Exec("UPDATE shipments SET tracking_number = $1", b.TrackingNumber)
}
