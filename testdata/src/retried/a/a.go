// Package a holds one retried root of each way a root is found, the
// functions they reach, and functions that no root reaches.
package a

import (
	"context"
	"net/http"

	"example.com/orderpb"
	"github.com/aws/aws-sdk-go-v2/service/sqs"
	"github.com/cenkalti/backoff/v4"
	"github.com/segmentio/kafka-go"
	"go.temporal.io/sdk/activity"
	"go.temporal.io/sdk/worker"
	"google.golang.org/grpc"

	"retried/b"
)

// A handler is a root by its shape. Paths are breadth first: store is
// reached by the handler's second call, not through save.
func create(w http.ResponseWriter, r *http.Request) { // want `root: HTTP handler create`
	save(r.Context())
	store(r.Context())
	var s saver = impl{}
	s.Save() // a call through an interface is not followed
}

func save(ctx context.Context) { // want `reached from HTTP handler create through 1 calls`
	audit(ctx)
	f := func() { // want `reached from HTTP handler create through 1 calls`
		store(ctx)
	}
	f()
}

func audit(ctx context.Context) { // want `reached from HTTP handler create through 2 calls`
	store(ctx)
}

func store(ctx context.Context) {} // want `reached from HTTP handler create through 1 calls`

type saver interface{ Save() }

type impl struct{}

func (impl) Save() {}

// An operation handed to a retry wrapper is a root where it is handed.
func withBackoff() error {
	return backoff.Retry(func() error { // want `root: backoff.Retry operation func literal in withBackoff`
		return attempt()
	}, backoff.NewExponentialBackOff())
}

func attempt() error { return nil } // want `reached from backoff.Retry operation func literal in withBackoff through 1 calls`

// A loop that leaves on success and goes round on failure retries the
// call it tests.
func retryLoop() error {
	var err error
	for i := 0; i < 3; i++ {
		if err = tryOnce(); err == nil { // want `root: hand-written retry loop retryLoop`
			return nil
		}
	}
	return err
}

func tryOnce() error { return nil } // want `reached from hand-written retry loop retryLoop through 1 calls`

// A loop over items is not a retry loop: it stays in the loop on success.
func each(n int) error {
	for i := 0; i < n; i++ {
		if err := perItem(); err != nil {
			return err
		}
	}
	return nil
}

func perItem() error { return nil }

// The body of a consumer loop is a root; the code before it is not.
func consume(ctx context.Context, r *kafka.Reader) {
	setup()
	step() // before the loop: runs once
	for {
		m, err := r.ReadMessage(ctx) // want `root: kafka-go consumer loop consume`
		if err != nil {
			return
		}
		handle(m)
		step() // want `step on retried path`
	}
}

func setup() {}

func step() {} // want `reached from kafka-go consumer loop consume through 1 calls`

func handle(m kafka.Message) {} // want `reached from kafka-go consumer loop consume through 1 calls`

// A call of an API that works only inside an activity makes a root of
// the function, wherever it is registered.
func ship(ctx context.Context) error { // want `root: Temporal activity ship`
	activity.GetInfo(ctx)
	return nil
}

// An activity of another package is a root where it is registered, and
// the exported methods of a registered struct are roots.
func register(w worker.Worker) {
	w.RegisterActivity(b.Charge) // want `root: Temporal activity b.Charge`
	w.RegisterActivity(&Activities{})
}

type Activities struct{}

func (a *Activities) Refund(ctx context.Context) error { return nil } // want `root: Temporal activity Activities.Refund`

func (a *Activities) helper() {}

// The methods of a server that embeds a generated Unimplemented<S>Server
// and take a context are gRPC methods.
type orderServer struct {
	orderpb.UnimplementedOrderServiceServer
}

func (s *orderServer) CreateOrder(ctx context.Context, req *orderpb.CreateOrderRequest) (*orderpb.Order, error) { // want `root: gRPC method orderServer.CreateOrder`
	return nil, nil
}

func (s *orderServer) Name() string { return "orders" }

// nightly is retried by a scheduler of its own.
//
//idemlint:retried
func nightly() {} // want `root: function marked retried nightly`

// Not retried: no root reaches it.
func backfill(ctx context.Context) {
	store(ctx)
}

// A module's table of constructors, a package-level variable: the
// registration in its function literal makes the struct's methods roots.
type Registration struct {
	Register func(w worker.Registry)
}

type TableActivities struct{}

func (a *TableActivities) Settle(ctx context.Context) error { return nil } // want `root: Temporal activity TableActivities.Settle`

var registrations = []func(a *TableActivities) Registration{
	func(a *TableActivities) Registration {
		return Registration{Register: func(w worker.Registry) { w.RegisterActivity(a) }}
	},
}

// A table of closures that each return one activity, registered in a
// loop under the entry's name: each method returned is a root.
type closureEntry struct {
	name string
	fn   func(a *ClosureActivities) any
}

type ClosureActivities struct{}

func (a *ClosureActivities) Reserve(ctx context.Context) error { return nil }

func (a *ClosureActivities) Issue(ctx context.Context) error { return nil }

// Unregistered is in no entry of the table.
func (a *ClosureActivities) Unregistered(ctx context.Context) error { return nil }

var closureTable = []closureEntry{
	{"reserve", func(a *ClosureActivities) any { return a.Reserve }},
	{"issue", func(a *ClosureActivities) any { return a.Issue }},
}

func registerClosures(r worker.Registry, a *ClosureActivities) {
	for _, e := range closureTable {
		r.RegisterActivityWithOptions(e.fn(a), activity.RegisterOptions{Name: e.name}) // want `root: Temporal activity ClosureActivities.Reserve` `root: Temporal activity ClosureActivities.Issue`
	}
}

// Handlers adapted by another package's generic decoder and stored in
// that package's registration table, whose runner calls them per
// message: what is adapted is the root.
type Consumers struct{}

type Accrual struct{ BookingID string }

func (c *Consumers) accrue(ctx context.Context, v Accrual) error { return nil }

func (c *Consumers) replay(ctx context.Context, v Accrual) error { return nil }

// Accruer is a service the consumers call through its interface.
type Accruer interface {
	Accrue(ctx context.Context, v Accrual) error
}

func (c *Consumers) table(svc Accruer) []b.Registration {
	return []b.Registration{
		{Topic: "accruals", Handler: b.JSON(c.accrue)},      // want `root: kafka-go consumer loop Consumers.accrue`
		{Topic: "accruals.v2", Handler: b.JSON(svc.Accrue)}, // want `root: kafka-go consumer loop a.Accruer.Accrue, bound at a.go:\d+:\d+`
	}
}

// A value the adapter is given, but not stored for the runner, is no
// root.
func (c *Consumers) offline(ctx context.Context, msg kafka.Message) error {
	return b.JSON(c.replay)(ctx, msg)
}

// Activities registered from a map of names to functions, and from a
// slice of them, in a loop.
type MapActivities struct{}

func (a *MapActivities) Disburse(ctx context.Context) error { return nil }

func (a *MapActivities) Notify(ctx context.Context) error { return nil }

func (a *MapActivities) Audit(ctx context.Context) error { return nil }

func registerMap(r worker.Registry, a *MapActivities) {
	byName := map[string]any{
		"disburse": a.Disburse,
		"notify":   a.Notify,
	}
	for name, fn := range byName {
		r.RegisterActivityWithOptions(fn, activity.RegisterOptions{Name: name}) // want `root: Temporal activity MapActivities.Disburse` `root: Temporal activity MapActivities.Notify`
	}
}

func registerSlice(r worker.Registry, a *MapActivities) {
	for _, fn := range []any{a.Audit} {
		r.RegisterActivity(fn) // want `root: Temporal activity MapActivities.Audit`
	}
}

// A server registered for a service descriptor written by hand: its
// methods that take a context are gRPC methods.
type handServer struct{}

func (s *handServer) Place(ctx context.Context, req *orderpb.CreateOrderRequest) (*orderpb.Order, error) { // want `root: gRPC method handServer.Place`
	return nil, nil
}

func (s *handServer) Describe() string { return "orders" }

var handDesc = grpc.ServiceDesc{ServiceName: "orders.v1.Orders"}

func serveHand() {
	srv := grpc.NewServer()
	srv.RegisterService(&handDesc, &handServer{})
}

// A table of another package's handler type, whose values that
// package's loop runs per message, built here and handed to it by the
// program's wiring.
type Ledger struct{}

func (l *Ledger) posted(ctx context.Context, msg kafka.Message) error { return nil }

func (l *Ledger) replayed(ctx context.Context, msg kafka.Message) error { return nil }

func ledgerRoutes(l *Ledger) map[string]b.MsgHandler {
	return map[string]b.MsgHandler{
		"ledger.posted": l.posted, // want `root: kafka-go consumer loop Ledger.posted`
	}
}

// A map of plain functions is no table of the handler type.
func ledgerTools(l *Ledger) map[string]func(ctx context.Context, msg kafka.Message) error {
	return map[string]func(ctx context.Context, msg kafka.Message) error{"replay": l.replayed}
}

// An interface that stands for the SQS client, for tests to fake: a loop
// around its ReceiveMessage is a consumer loop.
type sqsAPI interface {
	ReceiveMessage(ctx context.Context, in *sqs.ReceiveMessageInput, optFns ...func(*sqs.Options)) (*sqs.ReceiveMessageOutput, error)
}

func pollFaked(ctx context.Context, api sqsAPI) {
	for {
		out, err := api.ReceiveMessage(ctx, &sqs.ReceiveMessageInput{}) // want `root: SQS consumer loop pollFaked`
		if err != nil {
			continue
		}
		for range out.Messages {
			step() // want `step on retried path`
		}
	}
}

// A service interface written by hand, registered by a helper that
// takes any implementation: the package's type that implements it
// serves its methods.
type ShipServer interface {
	Ship(context.Context, *orderpb.CreateOrderRequest) (*orderpb.Order, error)
}

type shipServer struct{}

func (s *shipServer) Ship(ctx context.Context, req *orderpb.CreateOrderRequest) (*orderpb.Order, error) { // want `root: gRPC method shipServer.Ship`
	return nil, nil
}

// Negative: a type that does not implement the interface.
type notShipServer struct{}

func (s *notShipServer) Ship(ctx context.Context) error { return nil }

var shipDesc = grpc.ServiceDesc{ServiceName: "orders.v1.Shipping", HandlerType: (*ShipServer)(nil)}

func RegisterShip(s *grpc.Server, impl ShipServer) {
	s.RegisterService(&shipDesc, impl)
}
