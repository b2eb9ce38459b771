package catalog

import (
	"fmt"
	"go/types"
	"maps"
	"slices"
	"strings"
)

// Retried roots, as data.

// handlerShapes are signatures that make a function or method a retried
// root wherever it is declared: the handler types of HTTP frameworks and
// queue consumers. Keys are SigKey strings.
var handlerShapes = map[string]string{
	"func(net/http.ResponseWriter, *net/http.Request)": "HTTP handler",
	// A Connect service's unary method, which a generated handler (or
	// connect.NewUnaryHandler) serves; the generated client's methods
	// share the shape (IsRPCClientCall tells them apart).
	"func(context.Context, *connectrpc.com/connect.Request) (*connectrpc.com/connect.Response, error)":                         "Connect handler",
	"func(*github.com/gin-gonic/gin.Context)":                                                                                  "gin handler",
	"func(github.com/labstack/echo/v4.Context) error":                                                                          "echo handler",
	"func(*github.com/gofiber/fiber/v2.Ctx) error":                                                                             "fiber handler",
	"func(github.com/gofiber/fiber/v3.Ctx) error":                                                                              "fiber handler",
	"func(context.Context, *github.com/hibiken/asynq.Task) error":                                                              "asynq handler",
	"func(*github.com/ThreeDotsLabs/watermill/message.Message) error":                                                          "watermill handler",
	"func(*github.com/nats-io/nats.go.Msg)":                                                                                    "NATS handler",
	"func(github.com/nats-io/nats.go/jetstream.Msg)":                                                                           "JetStream handler",
	"func(context.Context, *cloud.google.com/go/pubsub.Message)":                                                               "Pub/Sub receiver",
	"func(context.Context, *cloud.google.com/go/pubsub/v2.Message)":                                                            "Pub/Sub receiver",
	"func(context.Context, *cloud.google.com/go/internal/pubsub.Message)":                                                      "Pub/Sub receiver", // pubsub.Message is an alias
	"func(context.Context, *github.com/riverqueue/river.Job) error":                                                            "river worker",
	"func(*github.com/ThreeDotsLabs/watermill/message.Message) ([]*github.com/ThreeDotsLabs/watermill/message.Message, error)": "watermill handler",
	// A function given one received delivery and answering with an
	// error, which its consumer loop acks or redelivers on: the types
	// are the consumer's alone (a publisher sends an amqp.Publishing,
	// an sqs.SendMessageInput).
	"func(context.Context, github.com/rabbitmq/amqp091-go.Delivery) error":                "AMQP delivery handler",
	"func(context.Context, github.com/streadway/amqp.Delivery) error":                     "AMQP delivery handler",
	"func(context.Context, github.com/aws/aws-sdk-go-v2/service/sqs/types.Message) error": "SQS message handler",
}

// wrapperShapes are the signatures of a library's per-delivery handler
// that the program builds around a function of its own, which it calls
// with the decoded delivery: grpc's MethodHandler, written by hand for a
// service without generated code (Unary(svc, method, h.Book) returning
// a MethodDesc whose Handler decodes the request and calls h.Book). The
// function it calls is the root; the wrapper itself is not one by shape,
// since generated code's handlers share it and reach their servers'
// methods as registered services.
var wrapperShapes = map[string]string{
	"func(any, context.Context, func(any) error, google.golang.org/grpc.UnaryServerInterceptor) (any, error)": "gRPC method",
}

// lambdaEvents are the Lambda events delivered again on failure (SQS,
// SNS, EventBridge) or retried by the caller (API Gateway), by kind of
// handler. lambda.Start takes a handler of any package, as a method
// value, so its own package must know it by shape: a function of the
// event, with or without a context before it, that returns an error,
// alone or after a response of any type.
var lambdaEvents = map[string]string{
	"github.com/aws/aws-lambda-go/events.SQSEvent":                "Lambda SQS handler",
	"github.com/aws/aws-lambda-go/events.SNSEvent":                "Lambda SNS handler",
	"github.com/aws/aws-lambda-go/events.CloudWatchEvent":         "Lambda EventBridge handler", // EventBridgeEvent is an alias
	"github.com/aws/aws-lambda-go/events.APIGatewayProxyRequest":  "Lambda API Gateway handler",
	"github.com/aws/aws-lambda-go/events.APIGatewayV2HTTPRequest": "Lambda API Gateway handler",
	// One record of an SQS batch, which the batch's handler hands to a
	// function of this shape, through a router or a decorator; the batch
	// fails, or reports the record's failure, and SQS delivers it again.
	"github.com/aws/aws-lambda-go/events.SQSMessage": "Lambda SQS record handler",
}

// lambdaShape returns the kind of Lambda handler a function of sig is.
func lambdaShape(sig *types.Signature) (string, bool) {
	params, results := sig.Params(), sig.Results()
	if sig.Variadic() || params.Len() == 0 || params.Len() > 2 || results.Len() == 0 || results.Len() > 2 || TypeKey(results.At(results.Len()-1).Type()) != "error" {
		return "", false
	}
	if params.Len() == 2 && TypeKey(params.At(0).Type()) != "context.Context" {
		return "", false
	}
	kind, ok := lambdaEvents[TypeKey(params.At(params.Len()-1).Type())]
	return kind, ok
}

// A Registration passes a function (or a value whose methods are the
// operations) to a library that calls it again on failure or per delivery.
type Registration struct {
	Arg  int    // counted without the receiver
	Kind string // for messages
	// Methods: the argument is a value whose exported methods are roots
	// (Temporal activity structs, gRPC servers).
	Methods bool
	// Attempts: the library calls the function again itself, in the
	// caller's goroutine, until it succeeds or gives up (a retry wrapper,
	// a poller); a value made before the registering call is the same on
	// every attempt.
	Attempts bool
}

// attemptResults are the retry wrappers whose results are those of the
// attempt that succeeded (retry.DoWithData, backoff.RetryWithData): what
// the function they call returns, they return.
var attemptResults = map[string]bool{
	"github.com/cenkalti/backoff/v4.RetryWithData":       true,
	"github.com/cenkalti/backoff/v4.RetryNotifyWithData": true,
	"github.com/cenkalti/backoff/v5.Retry":               true,
	"github.com/avast/retry-go/v4.DoWithData":            true,
	"github.com/avast/retry-go/v5.DoWithData":            true,
}

// ReturnsAttemptResult reports whether fn, a retry wrapper, returns the
// results of the attempt that succeeded.
func ReturnsAttemptResult(fn *types.Func) bool { return has(attemptResults, fn) }

var registrations = map[string]Registration{
	"github.com/cenkalti/backoff.Retry":                               {0, "backoff.Retry operation", false, true},
	"github.com/cenkalti/backoff.RetryNotify":                         {0, "backoff.Retry operation", false, true},
	"github.com/cenkalti/backoff/v4.Retry":                            {0, "backoff.Retry operation", false, true},
	"github.com/cenkalti/backoff/v4.RetryNotify":                      {0, "backoff.Retry operation", false, true},
	"github.com/cenkalti/backoff/v4.RetryNotifyWithTimer":             {0, "backoff.Retry operation", false, true},
	"github.com/cenkalti/backoff/v4.RetryWithData":                    {0, "backoff.Retry operation", false, true},
	"github.com/cenkalti/backoff/v4.RetryNotifyWithData":              {0, "backoff.Retry operation", false, true},
	"github.com/cenkalti/backoff/v5.Retry":                            {1, "backoff.Retry operation", false, true},
	"github.com/avast/retry-go.Do":                                    {0, "retry.Do function", false, true},
	"github.com/avast/retry-go/v4.Do":                                 {0, "retry.Do function", false, true},
	"github.com/avast/retry-go/v4.DoWithData":                         {0, "retry.Do function", false, true},
	"github.com/avast/retry-go/v5.Do":                                 {0, "retry.Do function", false, true},
	"github.com/sethvargo/go-retry.Do":                                {2, "retry.Do function", false, true},
	"github.com/sethvargo/go-retry.DoValue":                           {2, "retry.Do function", false, true},
	"k8s.io/apimachinery/pkg/util/wait.PollUntilContextCancel":        {3, "wait poller condition", false, true},
	"k8s.io/apimachinery/pkg/util/wait.PollUntilContextTimeout":       {4, "wait poller condition", false, true},
	"k8s.io/apimachinery/pkg/util/wait.ExponentialBackoff":            {1, "wait backoff condition", false, true},
	"k8s.io/apimachinery/pkg/util/wait.ExponentialBackoffWithContext": {2, "wait backoff condition", false, true},
	"k8s.io/apimachinery/pkg/util/wait.Poll":                          {2, "wait poller condition", false, true},
	"k8s.io/apimachinery/pkg/util/wait.PollImmediate":                 {2, "wait poller condition", false, true},
	"github.com/aws/aws-lambda-go/lambda.Start":                       {0, "Lambda handler", false, false},
	"github.com/aws/aws-lambda-go/lambda.StartWithOptions":            {0, "Lambda handler", false, false},
	"go.temporal.io/sdk/worker.*.RegisterActivity":                    {0, "Temporal activity", true, false},
	"go.temporal.io/sdk/worker.*.RegisterActivityWithOptions":         {0, "Temporal activity", true, false},
	"github.com/nats-io/nats.go.*.Subscribe":                          {1, "NATS handler", false, false},
	"github.com/nats-io/nats.go.*.QueueSubscribe":                     {2, "NATS handler", false, false},
}

// contextRoots are calls that work only inside a retried operation's
// context: Temporal's activity API panics outside an activity. A
// function that makes one runs as (or inside) that operation, which finds
// activities registered by another package. activity.IsActivity is left
// out: it asks the question.
var contextRoots = map[string]string{
	"go.temporal.io/sdk/activity.GetInfo":              "Temporal activity",
	"go.temporal.io/sdk/activity.GetLogger":            "Temporal activity",
	"go.temporal.io/sdk/activity.GetMetricsHandler":    "Temporal activity",
	"go.temporal.io/sdk/activity.RecordHeartbeat":      "Temporal activity",
	"go.temporal.io/sdk/activity.HasHeartbeatDetails":  "Temporal activity",
	"go.temporal.io/sdk/activity.GetHeartbeatDetails":  "Temporal activity",
	"go.temporal.io/sdk/activity.GetWorkerStopChannel": "Temporal activity",
	"go.temporal.io/sdk/activity.GetClient":            "Temporal activity",
}

// grpcRegistrars are the first parameter types of generated
// Register<Service>Server functions; their second argument's methods are
// gRPC server methods.
var grpcRegistrars = map[string]bool{
	"google.golang.org/grpc.ServiceRegistrar": true,
	"*google.golang.org/grpc.Server":          true,
}

// grpcServiceRegistrations register a server for a service descriptor
// written by hand, as generated Register<S>Server functions do: the
// server's methods are gRPC server methods.
var grpcServiceRegistrations = map[string]bool{
	"google.golang.org/grpc.*.RegisterService": true,
}

// loopReceivers are calls that receive one delivery: a loop around them is
// a consumer loop, and its body a retried root.
var loopReceivers = map[string]string{
	"(*github.com/segmentio/kafka-go.Reader).ReadMessage":               "kafka-go consumer loop",
	"(*github.com/segmentio/kafka-go.Reader).FetchMessage":              "kafka-go consumer loop",
	"(*github.com/twmb/franz-go/pkg/kgo.Client).PollFetches":            "franz-go consumer loop",
	"(*github.com/twmb/franz-go/pkg/kgo.Client).PollRecords":            "franz-go consumer loop",
	"(*github.com/aws/aws-sdk-go-v2/service/sqs.Client).ReceiveMessage": "SQS consumer loop",
	"(*github.com/nats-io/nats.go.Subscription).NextMsg":                "NATS consumer loop",
	// A pull subscription's batch, ranged over; a pull consumer's next
	// message, one at a time.
	"(*github.com/nats-io/nats.go.Subscription).Fetch":            "NATS consumer loop",
	"(github.com/nats-io/nats.go/jetstream.Consumer).Next":        "JetStream consumer loop",
	"(github.com/nats-io/nats.go/jetstream.MessagesContext).Next": "JetStream consumer loop",
	// The Go CDK's portable subscription: a message not acked is
	// delivered again (after its ack deadline, or at once when nacked).
	"(*gocloud.dev/pubsub.Subscription).Receive": "Go CDK pubsub consumer loop",
	// XAUTOCLAIM takes over the pending entries of a consumer that died:
	// redeliveries, as XREADGROUP's are.
	"github.com/redis/go-redis/v9.*.XReadGroup": "Redis stream consumer loop",
	"github.com/redis/go-redis/v9.*.XAutoClaim": "Redis stream consumer loop",
}

// inlineCallers call their function argument before they return, in
// the caller's goroutine, once per item: the argument's code runs
// within the call (a franz-go fetch's records, one by one).
var inlineCallers = map[string]bool{
	"(github.com/twmb/franz-go/pkg/kgo.Fetches).EachRecord":        true,
	"(github.com/twmb/franz-go/pkg/kgo.Fetches).EachPartition":     true,
	"(github.com/twmb/franz-go/pkg/kgo.Fetches).EachTopic":         true,
	"(github.com/twmb/franz-go/pkg/kgo.FetchTopic).EachRecord":     true,
	"(github.com/twmb/franz-go/pkg/kgo.FetchPartition).EachRecord": true,
}

// CallsInline reports whether fn calls its function argument before it
// returns, in the caller's goroutine (inlineCallers).
func CallsInline(fn *types.Func) bool { return has(inlineCallers, fn) }

// deliveryChans are element types of channels whose range loop is a
// consumer loop.
var deliveryChans = map[string]string{
	"github.com/rabbitmq/amqp091-go.Delivery": "AMQP delivery loop",
	"github.com/streadway/amqp.Delivery":      "AMQP delivery loop",
	// A consumer group handler's ConsumeClaim ranges over its claim's
	// messages.
	"*github.com/IBM/sarama.ConsumerMessage":     "sarama consumer loop",
	"*github.com/Shopify/sarama.ConsumerMessage": "sarama consumer loop",
	// A pull consumer's batch (Fetch(n).Messages()), whose messages not
	// acked are delivered again.
	"github.com/nats-io/nats.go/jetstream.Msg": "JetStream consumer loop",
	// A poller that hands the messages of each receive to workers over
	// a channel; a message not deleted is received again.
	"github.com/aws/aws-sdk-go-v2/service/sqs/types.Message": "SQS consumer loop",
}

// A KeySource is a value in scope that carries an operation key: Expr
// formats it from the variable's name (%[1]s). MayBeEmpty marks keys a
// caller may leave out (a request header), for which a fix keeps the
// fresh value as the fallback.
type KeySource struct {
	Expr       string
	Imports    []string
	MayBeEmpty bool
	// ParamOnly marks types that code also builds to send (a task to
	// enqueue, a message to publish): only a parameter of the type is the
	// operation being handled.
	ParamOnly bool
	// LowerHeader asks for the key's header name (%[2]q) in lower case,
	// as the source keeps its headers.
	LowerHeader bool
}

var keySources = withStripeEventSources(map[string]KeySource{
	"*net/http.Request":                                      {Expr: `%[1]s.Header.Get(%[2]q)`, MayBeEmpty: true},
	"*connectrpc.com/connect.Request":                        {Expr: `%[1]s.Header().Get(%[2]q)`, MayBeEmpty: true},
	"*github.com/gin-gonic/gin.Context":                      {Expr: `%[1]s.GetHeader(%[2]q)`, MayBeEmpty: true},
	"github.com/labstack/echo/v4.Context":                    {Expr: `%[1]s.Request().Header.Get(%[2]q)`, MayBeEmpty: true},
	"*github.com/gofiber/fiber/v2.Ctx":                       {Expr: `%[1]s.Get(%[2]q)`, MayBeEmpty: true},
	"*github.com/hibiken/asynq.Task":                         {Expr: `%[1]s.ResultWriter().TaskID()`},
	"*github.com/riverqueue/river.Job":                       {Expr: `strconv.FormatInt(%[1]s.ID, 10)`, Imports: []string{"strconv"}},
	"*github.com/ThreeDotsLabs/watermill/message.Message":    {Expr: `%[1]s.UUID`},
	"github.com/segmentio/kafka-go.Message":                  {Expr: `fmt.Sprintf("%%s/%%d/%%d", %[1]s.Topic, %[1]s.Partition, %[1]s.Offset)`, Imports: []string{"fmt"}},
	"*github.com/twmb/franz-go/pkg/kgo.Record":               {Expr: `fmt.Sprintf("%%s/%%d/%%d", %[1]s.Topic, %[1]s.Partition, %[1]s.Offset)`, Imports: []string{"fmt"}},
	"*github.com/IBM/sarama.ConsumerMessage":                 {Expr: `fmt.Sprintf("%%s/%%d/%%d", %[1]s.Topic, %[1]s.Partition, %[1]s.Offset)`, Imports: []string{"fmt"}},
	"*github.com/Shopify/sarama.ConsumerMessage":             {Expr: `fmt.Sprintf("%%s/%%d/%%d", %[1]s.Topic, %[1]s.Partition, %[1]s.Offset)`, Imports: []string{"fmt"}},
	"github.com/aws/aws-sdk-go-v2/service/sqs/types.Message": {Expr: `aws.ToString(%[1]s.MessageId)`, Imports: []string{"github.com/aws/aws-sdk-go-v2/aws"}},
	"github.com/aws/aws-lambda-go/events.SQSMessage":         {Expr: `%[1]s.MessageId`},
	"github.com/aws/aws-lambda-go/events.SNSEventRecord":     {Expr: `%[1]s.SNS.MessageID`},
	"github.com/aws/aws-lambda-go/events.SNSEntity":          {Expr: `%[1]s.MessageID`},
	"github.com/aws/aws-lambda-go/events.CloudWatchEvent":    {Expr: `%[1]s.ID`},
	// API Gateway hands a REST API's headers on as the client sent
	// them, and an HTTP API's (V2) in lower case.
	"github.com/aws/aws-lambda-go/events.APIGatewayProxyRequest":  {Expr: `%[1]s.Headers[%[2]q]`, MayBeEmpty: true},
	"github.com/aws/aws-lambda-go/events.APIGatewayV2HTTPRequest": {Expr: `%[1]s.Headers[%[2]q]`, MayBeEmpty: true, LowerHeader: true},
	// A JetStream message is known by the publisher's Nats-Msg-Id when
	// it set one, and else by its place in the stream, which every
	// redelivery of it keeps; a core NATS message has no place.
	"github.com/nats-io/nats.go/jetstream.Msg":     {Expr: jetStreamKey(`%[1]s.Headers()`), Imports: []string{"fmt"}, MayBeEmpty: true},
	"*github.com/nats-io/nats.go.Msg":              {Expr: jetStreamKey(`%[1]s.Header`), Imports: []string{"fmt"}, MayBeEmpty: true},
	"*cloud.google.com/go/pubsub.Message":          {Expr: `%[1]s.ID`},
	"*cloud.google.com/go/pubsub/v2.Message":       {Expr: `%[1]s.ID`},
	"*cloud.google.com/go/internal/pubsub.Message": {Expr: `%[1]s.ID`},
	"github.com/rabbitmq/amqp091-go.Delivery":      {Expr: `%[1]s.MessageId`, MayBeEmpty: true},
	"github.com/redis/go-redis/v9.XMessage":        {Expr: `%[1]s.ID`},
})

// jetStreamKey is the key expression of a JetStream message whose
// headers headers reads: its Nats-Msg-Id, or its stream and sequence.
func jetStreamKey(headers string) string {
	return `func() string {
	if id := ` + headers + `.Get("Nats-Msg-Id"); id != "" {
		return id
	}
	if md, err := %[1]s.Metadata(); err == nil {
		return fmt.Sprintf("%%s/%%d", md.Stream, md.Sequence.Stream)
	}
	return ""
}()`
}

// contextKeys are the operation keys that roots of a kind carry in
// their context, for code of the path that has the context but not the
// delivery: a Temporal activity's run and activity IDs (the same on
// every retry of the activity), a gRPC call's idempotency-key metadata
// (%[2]s, in lower case as metadata keys are). Needs names a function the
// module's version of the library must have.
var contextKeys = map[string]ContextKey{
	"Temporal activity": {
		KeySource: KeySource{
			Expr:    `activity.GetInfo(%[1]s).WorkflowExecution.RunID + "/" + activity.GetInfo(%[1]s).ActivityID`,
			Imports: []string{"go.temporal.io/sdk/activity"},
		},
		// activity.GetInfo panics outside an activity.
		OwnOnly: true,
	},
	// asynq puts the running task's ID in its handler's context; a
	// retry of the task runs under the same ID. Outside a handler the
	// ID reads empty, and the fix keeps the fresh value.
	"asynq handler": {
		KeySource: KeySource{
			Expr:       `func() string { id, _ := asynq.GetTaskID(%[1]s); return id }()`,
			Imports:    []string{"github.com/hibiken/asynq"},
			MayBeEmpty: true,
		},
		Needs: "github.com/hibiken/asynq.GetTaskID",
	},
	"gRPC method": {
		KeySource: KeySource{
			Expr:       `strings.Join(metadata.ValueFromIncomingContext(%[1]s, %[2]q), ",")`,
			Imports:    []string{"strings", "google.golang.org/grpc/metadata"},
			MayBeEmpty: true,
			// Metadata keys are lower case; versions of grpc-go before
			// 1.60 match ValueFromIncomingContext's key exactly.
			LowerHeader: true,
		},
		Needs: "google.golang.org/grpc/metadata.ValueFromIncomingContext",
	},
}

// Carried is the kind, in place of a root's, of a key that the root puts
// in the context it passes down itself (fix.CarrierWith): a request's
// header, a message's ID, which no context of the root's kind holds.
const Carried = "carried"

// Accessed is the kind, in place of a root's, of a key that the
// program's middleware puts in the context of a request, read by the
// program's own accessor: a fix that reads it holds for roots keyed by
// their request.
const Accessed = "accessed"

// contextKeyReads read the key a root's kind carries in its context,
// inside the expression a fix writes (strings.Join of the metadata
// entry's values): what a fix derives a value from.
var contextKeyReads = map[string]bool{
	"google.golang.org/grpc/metadata.ValueFromIncomingContext": true,
}

// ReadsContextKey reports whether fn reads the key a root's kind
// carries in its context.
func (c *Catalog) ReadsContextKey(fn *types.Func) bool { return has(contextKeyReads, fn) }

// A ContextKey is a KeySource whose variable is a context.Context.
type ContextKey struct {
	KeySource
	// OwnOnly marks keys read only from the root's own context: what
	// reads them fails on any other.
	OwnOnly bool
	// Needs is a function (FuncKey) the expression calls, which older
	// versions of its package lack.
	Needs string
}

// ContextKinds lists, in order, the kinds of roots that carry their
// operation key in their context.
func (c *Catalog) ContextKinds() []string {
	return slices.Sorted(maps.Keys(contextKeys))
}

// ContextKey returns the operation key that roots of a kind carry in
// their context.
func (c *Catalog) ContextKey(kind string) (ContextKey, bool) {
	k, ok := contextKeys[kind]
	return k, ok
}

// headerGetters read a request header named by their first argument: a
// check that an idempotency header is empty guards the fallback a fix
// keeps for callers that send no key.
var headerGetters = map[string]bool{
	"(net/http.Header).Get":                         true,
	"(*github.com/gin-gonic/gin.Context).GetHeader": true,
	"(*github.com/gofiber/fiber/v2.Ctx).Get":        true,
	"(github.com/nats-io/nats.go.Header).Get":       true,
	// A gRPC call's metadata, by its entry's name.
	"(google.golang.org/grpc/metadata.MD).Get":                 true,
	"google.golang.org/grpc/metadata.ValueFromIncomingContext": true,
}

// attemptCounters are the functions (FuncKey, result 0) and
// attemptFields the fields (FieldKey) that say which delivery of an
// operation this is: a row that stores one is a record of the attempt,
// meant to be added on each.
var (
	attemptCounters = map[string]bool{
		"github.com/hibiken/asynq.GetRetryCount": true,
	}
	attemptFields = map[string]bool{
		"github.com/riverqueue/river/rivertype.JobRow.Attempt":          true,
		"cloud.google.com/go/internal/pubsub.Message.DeliveryAttempt":   true,
		"cloud.google.com/go/pubsub/v2.Message.DeliveryAttempt":         true,
		"go.temporal.io/sdk/internal.ActivityInfo.Attempt":              true,
		"github.com/nats-io/nats.go.MsgMetadata.NumDelivered":           true,
		"github.com/nats-io/nats.go/jetstream.MsgMetadata.NumDelivered": true,
	}
)

// IsAttemptCounter reports whether fn's result says which delivery of an
// operation this is (asynq.GetRetryCount).
func (c *Catalog) IsAttemptCounter(fn *types.Func) bool { return has(attemptCounters, fn) }

// IsAttemptField reports whether field of owner says which delivery of
// an operation this is (river's JobRow.Attempt).
func (c *Catalog) IsAttemptField(owner types.Type, field string) bool {
	return attemptFields[FieldKey(owner, field)]
}

// opKeyFields are the fields that carry a delivery's stable identity: a
// value read from one is an operation key ("pkg.Type.Field").
var opKeyFields = withStripeEvents(map[string]bool{
	"github.com/ThreeDotsLabs/watermill/message.Message.UUID":          true,
	"github.com/riverqueue/river/rivertype.JobRow.ID":                  true,
	"github.com/aws/aws-sdk-go-v2/service/sqs/types.Message.MessageId": true,
	"github.com/aws/aws-lambda-go/events.SQSMessage.MessageId":         true,
	"github.com/aws/aws-lambda-go/events.SNSEntity.MessageID":          true,
	"github.com/aws/aws-lambda-go/events.CloudWatchEvent.ID":           true,
	"cloud.google.com/go/internal/pubsub.Message.ID":                   true,
	"cloud.google.com/go/pubsub/v2.Message.ID":                         true,
	"github.com/rabbitmq/amqp091-go.Delivery.MessageId":                true,
	"github.com/redis/go-redis/v9.XMessage.ID":                         true,
	// A kafka message is identified by topic, partition and offset.
	"github.com/segmentio/kafka-go.Message.Offset":     true,
	"github.com/twmb/franz-go/pkg/kgo.Record.Offset":   true,
	"github.com/IBM/sarama.ConsumerMessage.Offset":     true,
	"github.com/Shopify/sarama.ConsumerMessage.Offset": true,
})

// withStripeEventSources adds Stripe events, of every major version,
// held by value or by pointer: a webhook's event carries its ID.
func withStripeEventSources(sources map[string]KeySource) map[string]KeySource {
	for _, m := range stripeModules() {
		sources[m+".Event"] = KeySource{Expr: `%[1]s.ID`}
		sources["*"+m+".Event"] = KeySource{Expr: `%[1]s.ID`}
	}
	return sources
}

// withStripeEvents adds the ID of a Stripe event, of every major
// version: Stripe delivers a webhook's event again under the same ID.
func withStripeEvents(fields map[string]bool) map[string]bool {
	for _, m := range stripeModules() {
		fields[m+".Event.ID"] = true
	}
	return fields
}

// opKeyMethods return a delivery's stable identity.
var opKeyMethods = map[string]bool{
	"(*github.com/hibiken/asynq.ResultWriter).TaskID": true,
	// The running task's ID, from its context (its first result).
	"github.com/hibiken/asynq.GetTaskID": true,
}

// idHeaders are the headers in which a delivery carries its own stable
// ID, by the getter that reads them: a JetStream message's Nats-Msg-Id.
var idHeaders = map[string][]string{
	"(github.com/nats-io/nats.go.Header).Get": {"Nats-Msg-Id"},
}

// PolledJob is the kind of the handlers a worker of the program runs on
// the rows it claims from a table of jobs (FOR UPDATE SKIP LOCKED).
const PolledJob = "job handler of a polled table"

// keyPlaces says, for each kind of retried root, where its operation's
// key is: what a finding without a fix tells the user to derive a value
// from. %s is the idempotency header's name.
var keyPlaces = map[string]string{
	"HTTP handler":               "the request's %s header",
	"gin handler":                "the request's %s header",
	"echo handler":               "the request's %s header",
	"fiber handler":              "the request's %s header",
	"Lambda API Gateway handler": "the request's %s header",
	"gRPC method":                "the request's %s metadata entry",
	"Connect handler":            "the request's %s header",
	"asynq handler":              "the task's ID",
	"river worker":               "the job's ID",
	PolledJob:                    "the job row's ID",
	"Temporal activity":          "the workflow's and the activity's IDs",
	"SQS consumer loop":          "the message's ID",
	"Lambda SQS handler":         "the message's ID",
	"Lambda SQS record handler":  "the message's ID",
	"Lambda SNS handler":         "the message's ID",
	"Lambda EventBridge handler": "the event's ID",
	"AMQP delivery loop":         "the message's ID",
	"AMQP delivery handler":      "the message's ID",
	"SQS message handler":        "the message's ID",
	"watermill handler":          "the message's UUID",
	"NATS handler":               "the message's Nats-Msg-Id header or its stream sequence",
	"JetStream handler":          "the message's Nats-Msg-Id header or its stream sequence",
	"NATS consumer loop":         "the message's Nats-Msg-Id header or its stream sequence",
	"JetStream consumer loop":    "the message's Nats-Msg-Id header or its stream sequence",
	"kafka-go consumer loop":     "the message's topic, partition and offset",
	"franz-go consumer loop":     "the record's topic, partition and offset",
	"sarama consumer loop":       "the message's topic, partition and offset",
	"Redis stream consumer loop": "the entry's ID",
	"Pub/Sub receiver":           "the message's ID",
	// The Go CDK's message has no ID every driver keeps; a publisher
	// that wants one puts it in the message's metadata.
	"Go CDK pubsub consumer loop": "the ID the publisher puts in the message's metadata",
}

// RootKind splits the description of a root ("gin handler
// Handler.Create, bound at api.go:12:3") into the kind of root, of
// those whose key the catalog places, and the root's name, without the
// place it is bound at; the kind is "" for another.
func RootKind(root string) (kind, name string) {
	for k := range keyPlaces {
		if strings.HasPrefix(root, k+" ") && len(k) > len(kind) {
			kind = k
		}
	}
	if kind != "" {
		root = root[len(kind)+1:]
	}
	name, _, _ = strings.Cut(root, ", ")
	return kind, name
}

// RequestKeyed reports whether roots of the kind carry their operation
// key in the request they handle (a header, a metadata entry), which a
// middleware of the program can hand down in the context.
func RequestKeyed(kind string) bool { return strings.HasPrefix(keyPlaces[kind], "the request's") }

// KeyPlace says where the operation key of the root a message describes
// ("gin handler Handler.Create") is, or "the operation's key" for a kind
// of root without one.
func (c *Catalog) KeyPlace(root string) string {
	best, _ := RootKind(root)
	if best == "" {
		return "the operation's key"
	}
	place := keyPlaces[best]
	if strings.Contains(place, "%s") {
		header := c.KeyHeader()
		if strings.Contains(place, "metadata") {
			header = strings.ToLower(header)
		}
		place = fmt.Sprintf(place, header)
	}
	return place
}

// nextHandlers run the rest of a request's handlers from a middleware:
// the route's handler, whose writes commit on their own. A middleware
// also runs them by calling the handler it wraps (next(c),
// next.ServeHTTP(w, r)), which has a handler's shape.
var nextHandlers = map[string]bool{
	"(*github.com/gin-gonic/gin.Context).Next": true,
	"(*github.com/gofiber/fiber/v2.Ctx).Next":  true,
	"(github.com/gofiber/fiber/v3.Ctx).Next":   true,
	"(net/http.Handler).ServeHTTP":             true,
	"(net/http.HandlerFunc).ServeHTTP":         true,
}

// RunsNextHandler reports whether a call of fn runs the rest of a
// request's handlers (nextHandlers).
func RunsNextHandler(fn *types.Func) bool { return has(nextHandlers, fn) }

// rpcClientCalls are the calls a generated RPC client's method makes to
// send its request: a function of a handler's shape that makes one is
// the client's stub, not a handler.
var rpcClientCalls = map[string]bool{
	"(*connectrpc.com/connect.Client[Req, Res]).CallUnary":              true,
	"(*connectrpc.com/connect.Client[Req, Res]).CallClientStream":       true,
	"(*connectrpc.com/connect.Client[Req, Res]).CallClientStreamSimple": true,
	"(*connectrpc.com/connect.Client[Req, Res]).CallServerStream":       true,
	"(*connectrpc.com/connect.Client[Req, Res]).CallBidiStream":         true,
	"(*connectrpc.com/connect.Client[Req, Res]).CallBidiStreamSimple":   true,
}

// IsRPCClientCall reports whether a call of fn sends an RPC client's
// request.
func IsRPCClientCall(fn *types.Func) bool {
	return rpcClientCalls[FuncKey(fn)]
}

// freshContexts make a context that carries no transaction of the
// program's: a received request's own, and the background ones.
var freshContexts = map[string]bool{
	"(*net/http.Request).Context": true,
	"context.Background":          true,
	"context.TODO":                true,
}

// MakesFreshContext reports whether fn returns a context no code of the
// program has put a value in.
func MakesFreshContext(fn *types.Func) bool { return has(freshContexts, fn) }
