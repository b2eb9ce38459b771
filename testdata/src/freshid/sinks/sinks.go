// Package sinks covers identity sinks and the ways a value travels to them.
package sinks

import (
	"context"
	"database/sql"
	"fmt"
	"math/rand"
	"net/http"

	"github.com/ThreeDotsLabs/watermill"
	"github.com/ThreeDotsLabs/watermill/message"
	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/sqs"
	"github.com/google/uuid"
	"github.com/hibiken/asynq"
	"github.com/jmoiron/sqlx"
	amqp "github.com/rabbitmq/amqp091-go"
	"github.com/stripe/stripe-go/v82"
	"github.com/stripe/stripe-go/v82/paymentintent"
	"gorm.io/gorm"
)

var (
	db    *sql.DB
	sdb   *sqlx.DB
	orm   *gorm.DB
	queue *sqs.Client
)

type Order struct {
	ID     string
	Note   string
	Amount int64
}

type Payment struct {
	PaymentRef string `gorm:"column:payment_ref"`
	Amount     int64
}

func gormCreate(w http.ResponseWriter, r *http.Request) {
	o := Order{ID: uuid.NewString(), Note: "n"} // want `a retry creates a second Order with a new ID`
	orm.WithContext(r.Context()).Create(&o)
}

func gormCreatePointer(w http.ResponseWriter, r *http.Request) {
	p := &Payment{Amount: 5}
	p.PaymentRef = fmt.Sprint(rand.Int63()) // want `a retry creates a second Payment with a new PaymentRef`
	orm.Create(p)
}

// Negative: only a non-identity field is fresh.
func gormNote(w http.ResponseWriter, r *http.Request) {
	orm.Create(&Order{ID: r.Header.Get("Idempotency-Key"), Note: uuid.NewString()})
}

// Account's email is unique: a retry that repeats it fails on the
// unique index instead of adding a second account, whatever its ID.
type Account struct {
	ID    string
	Email string `gorm:"uniqueIndex;size:100"`
	Name  string
}

// Seat's row is unique by show and place together.
type Seat struct {
	ID    string
	Show  string `gorm:"uniqueIndex:idx_seat"`
	Place string `gorm:"uniqueIndex:idx_seat"`
	Code  string `gorm:"index:idx_code,unique"`
}

// Negative: the email the request gives fills the unique index.
func gormUniqueEmail(w http.ResponseWriter, r *http.Request) {
	orm.Create(&Account{ID: uuid.NewString(), Email: r.FormValue("email")})
}

// Negative: the same, built in a local whose address is taken.
func gormUniqueLocal(w http.ResponseWriter, r *http.Request) {
	a := Account{ID: uuid.NewString(), Email: r.FormValue("email")}
	orm.Create(&a)
}

// Negative: a model built by another function is taken to carry the
// caller's values in its other keys.
func gormUniqueElsewhere(w http.ResponseWriter, r *http.Request) {
	a := newAccount(r.FormValue("email"))
	a.ID = uuid.NewString()
	orm.Create(a)
}

func newAccount(email string) *Account { return &Account{Email: email} }

// Negative: both columns of a composite unique index repeat.
func gormUniqueComposite(w http.ResponseWriter, r *http.Request) {
	orm.Create(&Seat{ID: uuid.NewString(), Show: r.FormValue("show"), Place: r.FormValue("place")})
}

// Negative: index:...,unique is a unique index too.
func gormUniqueIndexOption(w http.ResponseWriter, r *http.Request) {
	orm.Create(&Seat{ID: uuid.NewString(), Code: r.FormValue("code")})
}

func gormUniqueFresh(w http.ResponseWriter, r *http.Request) {
	orm.Create(&Account{ID: uuid.NewString(), Email: uuid.NewString() + "@example.com"}) // want `a retry creates a second Account with a new ID`
}

func gormUniqueEmpty(w http.ResponseWriter, r *http.Request) {
	orm.Create(&Account{ID: uuid.NewString(), Name: r.FormValue("name")}) // want `a retry creates a second Account with a new ID`
}

func gormUniqueHalf(w http.ResponseWriter, r *http.Request) {
	orm.Create(&Seat{ID: uuid.NewString(), Show: r.FormValue("show")}) // want `a retry creates a second Seat with a new ID`
}

func stripeKey(w http.ResponseWriter, r *http.Request) {
	params := &stripe.PaymentIntentParams{Amount: stripe.Int64(100)}
	params.IdempotencyKey = stripe.String(uuid.NewString()) // want `a retry sends a new value as the provider's idempotency key`
	paymentintent.New(params)
}

func stripeSetter(w http.ResponseWriter, r *http.Request) {
	params := &stripe.PaymentIntentParams{}
	key := uuid.New().String() // want `provider's idempotency key`
	params.SetIdempotencyKey(key)
	paymentintent.New(params)
}

// stripe-go's own key maker reads the clock and random bytes.
func stripeOwnKey(w http.ResponseWriter, r *http.Request) {
	params := &stripe.PaymentIntentParams{}
	params.SetIdempotencyKey(stripe.NewIdempotencyKey()) // want `a retry sends a new value as the provider's idempotency key, so the duplicate is not recognised: stripe.NewIdempotencyKey\(\) is fresh on every attempt`
	paymentintent.New(params)
}

func headerKey(w http.ResponseWriter, r *http.Request) {
	req, _ := http.NewRequestWithContext(r.Context(), "POST", "https://carrier.example/bookings", nil)
	req.Header.Set("Idempotency-Key", uuid.NewString()) // want `the Idempotency-Key header`
	http.DefaultClient.Do(req)
}

// A webhook's delivery ID is what its receivers deduplicate on: a new
// one per attempt defeats them.
func webhookDeliveryID(w http.ResponseWriter, r *http.Request) {
	req, _ := http.NewRequestWithContext(r.Context(), "POST", "https://subscriber.example/hooks", nil)
	req.Header.Set("webhook-id", uuid.NewString()) // want `the webhook-id header`
	http.DefaultClient.Do(req)
}

// Negative: a fresh value in an unrelated header.
func traceHeader(w http.ResponseWriter, r *http.Request) {
	req, _ := http.NewRequestWithContext(r.Context(), "GET", "https://carrier.example/bookings", nil)
	req.Header.Set("X-Request-Id", uuid.NewString())
	http.DefaultClient.Do(req)
}

func sqsDedup(ctx context.Context, t *asynq.Task) error {
	_, err := queue.SendMessage(ctx, &sqs.SendMessageInput{
		QueueUrl:               aws.String("https://sqs/orders.fifo"),
		MessageGroupId:         aws.String("g"),
		MessageDeduplicationId: aws.String(uuid.NewString()), // want `deduplication ID`
	})
	return err
}

func publish(msg *message.Message) ([]*message.Message, error) {
	out := message.NewMessage(watermill.NewUUID(), msg.Payload) // want `published message's ID`
	return []*message.Message{out}, nil
}

var ch *amqp.Channel

// The message ID of an AMQP publishing is what its consumers deduplicate
// on: a new one per attempt makes the retry's message a new message.
func amqpPublish(ctx context.Context, t *asynq.Task) error {
	return ch.PublishWithContext(ctx, "orders", "created", false, false, amqp.Publishing{
		MessageId: uuid.NewString(), // want `a retry sends a new value as the published message's ID`
		Body:      t.Payload(),
	})
}

// The task's own ID is the same on every attempt.
func amqpPublishKeyed(ctx context.Context, t *asynq.Task) error {
	id, _ := asynq.GetTaskID(ctx)
	msg := amqp.Publishing{Body: t.Payload()}
	msg.MessageId = id
	return ch.PublishWithContext(ctx, "orders", "created", false, false, msg)
}

// A correlation ID is no identity: a fresh one per attempt is harmless.
func amqpCorrelation(ctx context.Context, t *asynq.Task) error {
	id, _ := asynq.GetTaskID(ctx)
	return ch.PublishWithContext(ctx, "orders", "created", false, false, amqp.Publishing{MessageId: id, CorrelationId: uuid.NewString()})
}

// An Envelope's Dedup is the identity its consumers deduplicate on, as
// the configuration says: no rule of the catalog knows it.
type Envelope struct {
	Dedup string
	Body  []byte
}

var outbox chan Envelope

func forward(ctx context.Context, t *asynq.Task) error {
	outbox <- Envelope{Dedup: uuid.NewString(), Body: t.Payload()} // want `a retry sends a new value as the envelope's dedup key`
	return nil
}

func forwardKeyed(ctx context.Context, t *asynq.Task) error {
	id, _ := asynq.GetTaskID(ctx)
	outbox <- Envelope{Dedup: id, Body: t.Payload()}
	return nil
}

var jobs *asynq.Client

func enqueue(ctx context.Context, t *asynq.Task) error {
	_, err := jobs.Enqueue(asynq.NewTask("email", nil), asynq.TaskID(uuid.NewString())) // want `job's unique ID`
	return err
}

// Struct fields and helpers of the same package.
func viaHelper(w http.ResponseWriter, r *http.Request) {
	o := newOrder() // the fresh value is made in newOrder
	insertOrder(r.Context(), o)
}

func newOrder() Order {
	return Order{ID: uuid.NewString()} // want `a retry inserts a second orders row with a new id`
}

func insertOrder(ctx context.Context, o Order) {
	db.ExecContext(ctx, "INSERT INTO orders (id, note) VALUES ($1, $2)", o.ID, o.Note)
}

// A helper that returns a fresh ID, used by a handler.
func newID() string { return "ord_" + uuid.NewString() } // want `a retry inserts a second orders row with a new id`

func viaIDHelper(w http.ResponseWriter, r *http.Request) {
	db.Exec("INSERT INTO orders (id) VALUES ($1)", newID())
}

// A closure called in the handler.
func viaClosure(w http.ResponseWriter, r *http.Request) {
	insert := func(id string) {
		db.Exec("INSERT INTO orders (id) VALUES ($1)", id)
	}
	insert(uuid.NewString()) // want `a retry inserts a second orders row`
}

// sqlx named parameters bound from struct fields.
type Row struct {
	Ref  string `db:"booking_ref"`
	Note string `db:"note"`
}

func sqlxNamed(w http.ResponseWriter, r *http.Request) {
	row := Row{Ref: uuid.NewString(), Note: "n"} // want `a retry inserts a second bookings row with a new booking_ref`
	sdb.NamedExec("INSERT INTO bookings (booking_ref, note) VALUES (:booking_ref, :note)", row)
}

// sqlx's package function, on the handle it is given.
func sqlxNamedFunc(w http.ResponseWriter, r *http.Request) {
	row := Row{Ref: uuid.NewString(), Note: "n"} // want `a retry inserts a second bookings row with a new booking_ref`
	sqlx.NamedExecContext(r.Context(), sdb, "INSERT INTO bookings (booking_ref, note) VALUES (:booking_ref, :note)", row)
}

// Negative: the fresh value fills a column that is not the row's identity.
func sqlxNamedFuncNote(w http.ResponseWriter, r *http.Request) {
	row := Row{Ref: r.Header.Get("Idempotency-Key"), Note: uuid.NewString()}
	sqlx.NamedExecContext(r.Context(), sdb, "INSERT INTO bookings (booking_ref, note) VALUES (:booking_ref, :note)", row)
}

// A querier of the program's own that *sqlx.DB and *sqlx.Tx satisfy:
// its NamedExecContext and GetContext are sqlx's.
type querier interface {
	NamedExecContext(ctx context.Context, query string, arg interface{}) (sql.Result, error)
	GetContext(ctx context.Context, dest interface{}, query string, args ...interface{}) error
}

type bookingRepo struct{ q querier }

func (b *bookingRepo) insert(ctx context.Context, row Row) error {
	_, err := b.q.NamedExecContext(ctx, "INSERT INTO bookings (booking_ref, note) VALUES (:booking_ref, :note)", row)
	return err
}

// bookingsRepo's querier is the one main gives.
var bookingsRepo *bookingRepo

func SetBookings(q querier) { bookingsRepo = &bookingRepo{q: q} }

func sqlxQuerier(w http.ResponseWriter, r *http.Request) {
	bookingsRepo.insert(r.Context(), Row{Ref: uuid.NewString(), Note: "n"}) // want `a retry inserts a second bookings row with a new booking_ref`
}

// Negative: through the querier, the fresh value fills a column that is
// not the row's identity.
func sqlxQuerierNote(w http.ResponseWriter, r *http.Request) {
	bookingsRepo.insert(r.Context(), Row{Ref: r.Header.Get("Idempotency-Key"), Note: uuid.NewString()})
}

// Generic helper.
func insertAll[T any](ctx context.Context, table string, id T) {
	db.ExecContext(ctx, "INSERT INTO items (item_id) VALUES ($1)", id)
}

func viaGeneric(w http.ResponseWriter, r *http.Request) {
	insertAll(r.Context(), "items", uuid.New()) // want `a retry inserts a second items row with a new item_id`
}

// Negative: the SQL text is not a constant, so there is no proof.
func dynamicSQL(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query().Get("q")
	db.Exec(q, uuid.New())
}

// Negative: an UPDATE is not an identity sink.
func update(w http.ResponseWriter, r *http.Request) {
	db.Exec("UPDATE orders SET token = $1 WHERE id = $2", uuid.NewString(), r.URL.Query().Get("id"))
}

// Negative: the key comes from the request; the fresh value fills a data column.
func keyed(w http.ResponseWriter, r *http.Request) {
	db.Exec("INSERT INTO orders (id, nonce) VALUES ($1, $2)", r.Header.Get("Idempotency-Key"), uuid.NewString())
}

// Negative: a derived, deterministic ID.
func derived(w http.ResponseWriter, r *http.Request) {
	id := uuid.NewSHA1(uuid.NameSpaceOID, []byte(r.Header.Get("Idempotency-Key")))
	db.Exec("INSERT INTO orders (id) VALUES ($1)", id)
}

// Negative: suppressed with a reason.
func suppressed(w http.ResponseWriter, r *http.Request) {
	//idemlint:ignore IDEM001 the orders table has a unique index on (customer, cart) that absorbs retries
	db.Exec("INSERT INTO orders (id) VALUES ($1)", uuid.New())
}

func missingReason(w http.ResponseWriter, r *http.Request) {
	//idemlint:ignore IDEM001 // want `//idemlint:ignore IDEM001 needs a reason after the check`
	db.Exec("INSERT INTO orders (id) VALUES ($1)", uuid.New()) // want `a retry inserts a second orders row`
}

// bookings sends each request itself, with the headers it is given.
type bookings struct{ hc *http.Client }

func (c *bookings) send(ctx context.Context, method, url string, headers map[string]string) error {
	req, err := http.NewRequestWithContext(ctx, method, url, nil)
	if err != nil {
		return err
	}
	for k, v := range headers {
		req.Header.Set(k, v)
	}
	_, err = c.hc.Do(req)
	return err
}

var bc = &bookings{hc: http.DefaultClient}

func headerMapKey(w http.ResponseWriter, r *http.Request) {
	bc.send(r.Context(), "POST", "https://carrier.example/bookings", map[string]string{"Idempotency-Key": uuid.NewString()}) // want `the Idempotency-Key header`
}

// Negative: the request's own key.
func headerMapKeyed(w http.ResponseWriter, r *http.Request) {
	bc.send(r.Context(), "POST", "https://carrier.example/bookings", map[string]string{"Idempotency-Key": r.Header.Get("Idempotency-Key")})
}

type Intent struct {
	ID, Ref string
}

// loadIntent reads the stored intent of a reference.
func loadIntent(ref string) Intent {
	var in Intent
	db.QueryRow("SELECT id, ref FROM intents WHERE ref = $1", ref).Scan(&in.ID, &in.Ref)
	return in
}

// Negative: the fresh intent is inserted unless its reference is stored
// already, then the stored one is read back over it: the key sent is the
// stored row's.
func stripeStoredIntent(w http.ResponseWriter, r *http.Request) {
	in := Intent{ID: uuid.NewString(), Ref: r.FormValue("ref")}
	db.Exec("INSERT INTO intents (id, ref) VALUES ($1, $2) ON CONFLICT (ref) DO NOTHING", in.ID, in.Ref)
	in = loadIntent(in.Ref)
	params := &stripe.PaymentIntentParams{}
	params.SetIdempotencyKey("intent-" + in.ID)
	paymentintent.New(params)
}

// The read-back happens only on one branch: the other sends the fresh
// value.
func stripeMaybeStored(w http.ResponseWriter, r *http.Request) {
	in := Intent{ID: uuid.NewString(), Ref: r.FormValue("ref")} // want `a retry sends a new value as the provider's idempotency key`
	if r.FormValue("reuse") != "" {
		in = loadIntent(in.Ref)
	}
	params := &stripe.PaymentIntentParams{}
	params.SetIdempotencyKey("intent-" + in.ID)
	paymentintent.New(params)
}
