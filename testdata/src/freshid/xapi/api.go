package xapi

import (
	"context"
	"net/http"

	"freshid/xclient"
	"freshid/xpublish"
	"freshid/xstore"

	"github.com/google/uuid"
	"github.com/nats-io/nats.go"
)

var store *xstore.Store

func CreateViaField(w http.ResponseWriter, r *http.Request) {
	o := xstore.Order{ID: uuid.NewString(), Total: 1} // want `a retry inserts a second orders row with a new id: uuid.NewString\(\) is fresh`
	store.Insert(r.Context(), o)
}

func CreateViaParam(w http.ResponseWriter, r *http.Request) {
	store.InsertID(r.Context(), uuid.New()) // want `a retry inserts a second orders row with a new id`
}

func CreateInHelper(w http.ResponseWriter, r *http.Request) {
	store.Create(r.Context(), 5) // want `uuid.NewString\(\) in xstore.Store.Create \(store.go:34:8\) is fresh on every attempt \(HTTP handler CreateInHelper\)`
}

func CreateWithHelperID(w http.ResponseWriter, r *http.Request) {
	store.InsertID(r.Context(), uuid.MustParse(xstore.NewID())) // want `xstore.NewID\(\) is fresh`
}

// Negative: the key is the caller's.
func CreateKeyed(w http.ResponseWriter, r *http.Request) {
	store.CreateKeyed(r.Context(), r.Header.Get("Idempotency-Key"))
}

// The constructor of another package makes the order's ID fresh.
func CreateViaConstructor(w http.ResponseWriter, r *http.Request) {
	o := xstore.NewOrder(5) // want `a retry inserts a second orders row with a new id: xstore.NewOrder\(\) is fresh on every attempt`
	store.Insert(r.Context(), *o)
}

// Negative: the constructor takes the caller's key as the identity.
func CreateViaKeyedConstructor(w http.ResponseWriter, r *http.Request) {
	store.Insert(r.Context(), xstore.NewPricedOrder(r.Header.Get("Idempotency-Key"), 5))
}

// A mapper of another package copies the fresh ID into the row.
func CreateViaMapper(w http.ResponseWriter, r *http.Request) {
	o := xstore.Order{ID: uuid.NewString(), Total: 5} // want `a retry inserts a second orders row with a new id: uuid.NewString\(\) is fresh on every attempt`
	store.InsertRow(r.Context(), xstore.ToRow(o))
}

var js nats.JetStreamContext

// The ID given to another package's message builder is the ID JetStream
// deduplicates the message on.
func PublishCreated(w http.ResponseWriter, r *http.Request) {
	msg, opts := xpublish.NewMessage(uuid.NewString(), "orders.created", nil) // want `a retry sends a new value as the message's Nats-Msg-Id`
	js.PublishMsg(msg, opts...)
}

// Negative: the caller's key.
func PublishCreatedKeyed(w http.ResponseWriter, r *http.Request) {
	msg, opts := xpublish.NewMessage(r.Header.Get("Idempotency-Key"), "orders.created", nil)
	js.PublishMsg(msg, opts...)
}

var cards *xclient.Client

// A client of another package sends the fresh key its caller makes.
func IssueCard(w http.ResponseWriter, r *http.Request) {
	cards.Issue(r.Context(), xclient.Request{Amount: 5, Key: uuid.NewString()}) // want `a retry sends a new value as the Idempotency-Key header`
}

// Negative: the caller's own key.
func IssueCardKeyed(w http.ResponseWriter, r *http.Request) {
	cards.Issue(r.Context(), xclient.Request{Amount: 5, Key: r.Header.Get("Idempotency-Key")})
}

// The key the handler makes fresh becomes the params' field in the
// client's package.
func charge(w http.ResponseWriter, r *http.Request) {
	cards.Charge(r.Context(), xclient.Request{Amount: 5, Key: uuid.NewString()}) // want `a retry sends a new value as the provider's idempotency key`
}

// Negative: keyed by the request's key, the store ignores the retry.
func PostKeyed(w http.ResponseWriter, r *http.Request) {
	store.Post(r.Context(), xstore.Movement{Key: r.Header.Get("Idempotency-Key"), Amount: 5})
}

// A movement posted without a key: the store inserts one per attempt.
func PostLoose(w http.ResponseWriter, r *http.Request) {
	store.Post(r.Context(), xstore.Movement{Amount: 5}) // want `uuid.NewString\(\) in xstore.Store.Post \(store.go:\d+:\d+\) is fresh on every attempt \(HTTP handler PostLoose\)`
}

// Lines added each in a transaction of its own, from a loop: one
// key cannot stand for each, so no fix derives them from it.
func PostEach(w http.ResponseWriter, r *http.Request) {
	for _, amount := range []int64{5, 7} {
		inTx(r.Context(), func(ctx context.Context) error {
			return store.AddLine(ctx, amount) // want `uuid.NewString\(\) in xstore.Store.AddLine \(store.go:\d+:\d+\) is fresh on every attempt \(HTTP handler PostEach\); derive it from the request's Idempotency-Key header, passed down to where it is made`
		})
	}
}

func inTx(ctx context.Context, fn func(context.Context) error) error { return fn(ctx) }

// A transfer sent without a key: the store makes one per attempt.
func SendLoose(w http.ResponseWriter, r *http.Request) {
	store.Send(r.Context(), xstore.Transfer{Note: "n"}) // want `uuid.NewString\(\) in xstore.Store.Send \(store.go:\d+:\d+\) is fresh on every attempt \(HTTP handler SendLoose\)`
}

// Negative: keyed by the request's key; the note left empty does not
// decide the key.
func SendKeyed(w http.ResponseWriter, r *http.Request) {
	store.Send(r.Context(), xstore.Transfer{Key: r.Header.Get("Idempotency-Key")})
}

var refunds = xstore.NewRefunds()

// A refund sent without a key: the fallback key is made per attempt.
func RefundLoose(w http.ResponseWriter, r *http.Request) {
	refunds.Refund(r.Context(), xstore.RefundRequest{PaymentIntent: "pi_1"}) // want `time.Now\(\) in xstore.Refunds.Refund \(refunds.go:\d+:\d+\) is fresh on every attempt \(HTTP handler RefundLoose\)`
}

// Negative: keyed by the request's key, with a reason given.
func RefundKeyed(w http.ResponseWriter, r *http.Request) {
	refunds.Refund(r.Context(), xstore.RefundRequest{PaymentIntent: "pi_1", Reason: "duplicate", Key: r.Header.Get("Idempotency-Key")})
}
