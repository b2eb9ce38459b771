// Package a holds the article's self-check and its variants: a worker
// inserts a shipment, books a collection with a carrier, and writes the
// tracking number back.
package a

import (
	"context"
	"database/sql"
	"encoding/json"
	"net/http"

	"example.com/carrierpb"
	"github.com/ThreeDotsLabs/watermill/message"
	"github.com/aws/aws-sdk-go-v2/service/sesv2"
	"github.com/hibiken/asynq"
	"github.com/jackc/pgx/v5/pgxpool"
	kafka "github.com/segmentio/kafka-go"
	"github.com/stripe/stripe-go/v82"
	"github.com/stripe/stripe-go/v82/paymentintent"
	"gorm.io/gorm"

	"intentfirst/xstore"
)

var (
	db       *sql.DB
	pool     *pgxpool.Pool
	orm      *gorm.DB
	carrier  carrierpb.ShippingServiceClient
	mail     *sesv2.Client
	store    *xstore.Store
	writer   *kafka.Writer
)

// The self-check as the article describes it: broken.
func consume(ctx context.Context, r *kafka.Reader) {
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return
		}
		orderID := string(m.Key)
		pool.Exec(ctx, "INSERT INTO shipments (order_id) VALUES ($1) ON CONFLICT DO NOTHING", orderID)
		b, err := carrier.BookCollection(ctx, &carrierpb.BookCollectionRequest{OrderId: orderID}) // want `a crash after the gRPC BookCollection and before its outcome is written back leaves no record of it, so a retry repeats it: no operation ID that the call carries is committed before it \(kafka-go consumer loop consume\)`
		if err != nil {
			continue
		}
		pool.Exec(ctx, "UPDATE shipments SET tracking_number = $1 WHERE order_id = $2", b.TrackingNumber, orderID)
		r.CommitMessages(ctx, m)
	}
}

// The self-check as the article recommends: the operation ID (the order
// ID) is committed with the shipment row before the call, and the call
// carries it as its idempotency key.
func consumeFixed(ctx context.Context, r *kafka.Reader) {
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return
		}
		orderID := string(m.Key)
		pool.Exec(ctx, "INSERT INTO shipments (order_id) VALUES ($1) ON CONFLICT DO NOTHING", orderID)
		b, err := carrier.BookCollection(ctx, &carrierpb.BookCollectionRequest{OrderId: orderID, IdempotencyKey: orderID})
		if err != nil {
			continue
		}
		pool.Exec(ctx, "UPDATE shipments SET tracking_number = $1 WHERE order_id = $2", b.TrackingNumber, orderID)
		r.CommitMessages(ctx, m)
	}
}

// The intent row is written on a transaction that is still open at the call.
func openTx(ctx context.Context, t *asynq.Task) error {
	orderID := string(t.Payload())
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	tx.ExecContext(ctx, "INSERT INTO shipments (order_id) VALUES ($1)", orderID)
	b, err := carrier.BookCollection(ctx, &carrierpb.BookCollectionRequest{OrderId: orderID, IdempotencyKey: orderID}) // want `gRPC BookCollection .*asynq handler openTx`
	if err != nil {
		return err
	}
	tx.ExecContext(ctx, "UPDATE shipments SET tracking_number = $1 WHERE order_id = $2", b.TrackingNumber, orderID)
	return tx.Commit()
}

// The intent row is committed before the call.
func committedTx(ctx context.Context, t *asynq.Task) error {
	orderID := string(t.Payload())
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	tx.ExecContext(ctx, "INSERT INTO shipments (order_id) VALUES ($1)", orderID)
	if err := tx.Commit(); err != nil {
		return err
	}
	b, err := carrier.BookCollection(ctx, &carrierpb.BookCollectionRequest{OrderId: orderID, IdempotencyKey: orderID})
	if err != nil {
		return err
	}
	_, err = db.ExecContext(ctx, "UPDATE shipments SET tracking_number = $1 WHERE order_id = $2", b.TrackingNumber, orderID)
	return err
}

// A stable key alone is not enough: nothing is recorded before the charge.
func charge(w http.ResponseWriter, r *http.Request) {
	params := &stripe.PaymentIntentParams{Amount: stripe.Int64(100)}
	params.SetIdempotencyKey(r.Header.Get("Idempotency-Key"))
	pi, err := paymentintent.New(params) // want `Stripe PaymentIntent create .*HTTP handler charge`
	if err != nil {
		return
	}
	db.Exec("INSERT INTO payments (payment_intent_id) VALUES ($1)", pi.ID)
}

// The key is recorded through a repository in another package first.
func chargeRecorded(w http.ResponseWriter, r *http.Request) {
	key := r.Header.Get("Idempotency-Key")
	if err := store.CreateIntent(r.Context(), key, r.URL.Query().Get("order")); err != nil {
		return
	}
	params := &stripe.PaymentIntentParams{Amount: stripe.Int64(100)}
	params.SetIdempotencyKey(key)
	pi, err := paymentintent.New(params)
	if err != nil {
		return
	}
	db.Exec("UPDATE payments SET payment_intent_id = $1 WHERE op_id = $2", pi.ID, key)
}

type bookingResponse struct {
	TrackingNumber string `json:"tracking_number"`
}

// An HTTP booking whose response is decoded and written back.
func bookHTTP(msg *message.Message) error {
	req, _ := http.NewRequest("POST", "https://carrier.example/bookings", nil)
	req.Header.Set("Idempotency-Key", msg.UUID)
	resp, err := http.DefaultClient.Do(req) // want `HTTP request .*watermill handler bookHTTP`
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	var out bookingResponse
	json.NewDecoder(resp.Body).Decode(&out)
	return store.SaveTracking(msg.Context(), msg.UUID, out.TrackingNumber)
}

// The intent is recorded in the caller, before the helper that books.
func bookViaHelper(msg *message.Message) error {
	if err := store.CreateIntent(msg.Context(), msg.UUID, string(msg.Payload)); err != nil {
		return err
	}
	return book(msg.Context(), msg.UUID)
}

func book(ctx context.Context, opID string) error {
	b, err := carrier.BookCollection(ctx, &carrierpb.BookCollectionRequest{IdempotencyKey: opID})
	if err != nil {
		return err
	}
	return saveTracking(ctx, opID, b.TrackingNumber)
}

func saveTracking(ctx context.Context, opID, tracking string) error {
	_, err := db.ExecContext(ctx, "UPDATE shipments SET tracking_number = $1 WHERE op_id = $2", tracking, opID)
	return err
}

// The outcome goes into a gorm update; the record before it stores another value.
type Shipment struct {
	ID       string
	Tracking string
}

func bookGorm(ctx context.Context, t *asynq.Task) error {
	id := t.ResultWriter().TaskID()
	orm.Create(&Shipment{ID: string(t.Payload())})
	b, err := carrier.BookCollection(ctx, &carrierpb.BookCollectionRequest{IdempotencyKey: id}) // want `gRPC BookCollection`
	if err != nil {
		return err
	}
	return orm.Model(&Shipment{}).Where("id = ?", id).Updates(map[string]any{"tracking": b.TrackingNumber}).Error
}

// The intent and the call inside one gorm transaction: not durable at the call.
func bookInTx(ctx context.Context, t *asynq.Task) error {
	id := t.ResultWriter().TaskID()
	return orm.Transaction(func(tx *gorm.DB) error {
		tx.Create(&Shipment{ID: id})
		b, err := carrier.BookCollection(ctx, &carrierpb.BookCollectionRequest{IdempotencyKey: id}) // want `gRPC BookCollection`
		if err != nil {
			return err
		}
		return tx.Model(&Shipment{}).Where("id = ?", id).Update("tracking", b.TrackingNumber).Error
	})
}

// Negative: a notification is a nuisance when repeated, not a second charge.
func notify(ctx context.Context, t *asynq.Task) error {
	out, err := mail.SendEmail(ctx, &sesv2.SendEmailInput{})
	if err != nil {
		return err
	}
	_, err = db.ExecContext(ctx, "UPDATE orders SET mail_id = $1 WHERE id = $2", out.MessageId, string(t.Payload()))
	return err
}

// Negative: the outcome is not written back.
func fireAndForget(ctx context.Context, t *asynq.Task) error {
	_, err := carrier.BookCollection(ctx, &carrierpb.BookCollectionRequest{OrderId: string(t.Payload())})
	return err
}

// Negative: not on a retried path.
func backfill(ctx context.Context, orderID string) {
	b, _ := carrier.BookCollection(ctx, &carrierpb.BookCollectionRequest{OrderId: orderID})
	db.ExecContext(ctx, "UPDATE shipments SET tracking_number = $1 WHERE order_id = $2", b.TrackingNumber, orderID)
}

// Negative: a provider with no key mechanism, after a committed record.
func publish(ctx context.Context, t *asynq.Task) error {
	id := t.ResultWriter().TaskID()
	db.ExecContext(ctx, "INSERT INTO outbox (id) VALUES ($1) ON CONFLICT DO NOTHING", id)
	err := writer.WriteMessages(ctx, kafka.Message{Key: []byte(id)})
	db.ExecContext(ctx, "UPDATE outbox SET sent = $1 WHERE id = $2", err == nil, id)
	return err
}

// Negative: the booking request is built elsewhere: no proof.
func bookBuilt(ctx context.Context, t *asynq.Task) error {
	b, err := carrier.BookCollection(ctx, request(t))
	if err != nil {
		return err
	}
	_, err = db.ExecContext(ctx, "UPDATE shipments SET tracking_number = $1", b.TrackingNumber)
	return err
}

func request(t *asynq.Task) *carrierpb.BookCollectionRequest {
	return &carrierpb.BookCollectionRequest{IdempotencyKey: t.ResultWriter().TaskID()}
}
