package catalog

import (
	"go/types"
	"strings"
)

// Providers, as data: the external calls of payment, cloud and message
// APIs, and the slots (struct fields, setters, options) where each
// carries its idempotency key or message ID.

// A Slot is where an external request carries its idempotency key, a
// published message its ID, or a job its unique key.
type Slot struct {
	What string // what the value identifies, for messages
	// Conflict is the error the call returns for a value it has seen
	// (asynq's ErrTaskIDConflict, "pkg.Name"): a value derived from the
	// operation's key makes the retry's call fail with it, which the
	// code must take as done.
	Conflict string
}

// headerSetters set a header (arg 0) to a value (arg 1); they are key slots
// when the header is an idempotency header.
var headerSetters = map[string][]string{
	"(net/http.Header).Set":                   nil, // headers from the configuration
	"(net/http.Header).Add":                   nil,
	"(github.com/nats-io/nats.go.Header).Set": {"Nats-Msg-Id"},
	"(github.com/nats-io/nats.go.Header).Add": {"Nats-Msg-Id"},
}

// stripeModule is stripe-go's module path before its major version;
// stripeMajors are the major versions the rows cover, one list for every
// stripe row.
const stripeModule = "github.com/stripe/stripe-go"

var stripeMajors = []string{"v72", "v74", "v76", "v78", "v79", "v80", "v81", "v82"}

// stripeModules are the root package paths of stripe-go's major versions.
func stripeModules() []string {
	var out []string
	for _, m := range stripeMajors {
		out = append(out, stripeModule+"/"+m)
	}
	return out
}

// stripeKey is the slot every stripe-go request carries its key in.
var stripeKey = Slot{What: "the provider's idempotency key"}

// withStripeFields adds Params.IdempotencyKey of every major version.
func withStripeFields(fields map[string]Slot) map[string]Slot {
	for _, m := range stripeModules() {
		fields[m+".Params.IdempotencyKey"] = stripeKey
	}
	return fields
}

// paramsKeySetter is the method of stripe-go's Params that sets the key.
const paramsKeySetter = "SetIdempotencyKey"

// withStripeSetters adds (*Params).SetIdempotencyKey of every major
// version.
func withStripeSetters(calls map[string]SlotCall) map[string]SlotCall {
	for _, m := range stripeModules() {
		calls["(*"+m+".Params)."+paramsKeySetter] = SlotCall{0, stripeKey}
	}
	return calls
}

// withStripeOps adds the stripe operations of every major version, as
// package functions (paymentintent.New(params)) and as methods of the
// resource clients client.API holds (sc.PaymentIntents.New(params)).
func withStripeOps(ext map[string]External) map[string]External {
	for _, major := range stripeModules() {
		for op, what := range stripeOps {
			pkg, fn, _ := strings.Cut(op, ".")
			e := External{What: what, Slot: ParamsKey}
			ext[major+"/"+pkg+"."+fn] = e
			ext[major+"/"+pkg+".*."+fn] = e
		}
	}
	return ext
}

// A SlotCall passes a key slot's value as its argument Arg (counted
// without the receiver).
type SlotCall struct {
	Arg  int
	Slot Slot
}

// stripeOps are the stripe calls that create what a repeat would create
// again. Not confirm or capture of an existing PaymentIntent: an intent
// succeeds at most once, and Stripe refuses a repeat in its new state,
// so the intent itself is the key.
var stripeOps = map[string]string{
	"paymentintent.New": "Stripe PaymentIntent create", "charge.New": "Stripe charge",
	"refund.New": "Stripe refund", "payout.New": "Stripe payout", "transfer.New": "Stripe transfer",
}

var externals = withStripeOps(map[string]External{
	"(*net/http.Client).Do":       {What: "HTTP request", Slot: RequestHeader},
	"(*net/http.Client).Post":     {What: "HTTP POST", Slot: RequestHeader, Method: "POST"},
	"(*net/http.Client).PostForm": {What: "HTTP POST", Slot: RequestHeader, Method: "POST"},
	"net/http.Post":               {What: "HTTP POST", Slot: RequestHeader, Method: "POST"},
	"net/http.PostForm":           {What: "HTTP POST", Slot: RequestHeader, Method: "POST"},

	"(*github.com/hashicorp/go-retryablehttp.Client).Do":       {What: "retried HTTP request", Slot: RequestHeader},
	"(*github.com/hashicorp/go-retryablehttp.Client).Post":     {What: "retried HTTP POST", Slot: RequestHeader, Method: "POST"},
	"(*github.com/hashicorp/go-retryablehttp.Client).PostForm": {What: "retried HTTP POST", Slot: RequestHeader, Method: "POST"},
	"github.com/hashicorp/go-retryablehttp.Post":               {What: "retried HTTP POST", Slot: RequestHeader, Method: "POST"},
	"github.com/hashicorp/go-retryablehttp.PostForm":           {What: "retried HTTP POST", Slot: RequestHeader, Method: "POST"},

	"(*github.com/aws/aws-sdk-go-v2/service/sqs.Client).SendMessage":       {What: "SQS SendMessage", Slot: InputField, Arg: 1, Fields: []string{"MessageDeduplicationId"}, FIFOOnly: true},
	"(*github.com/aws/aws-sdk-go-v2/service/sqs.Client).SendMessageBatch":  {What: "SQS SendMessageBatch", Slot: NoSlot, Arg: 1},
	"(*github.com/aws/aws-sdk-go-v2/service/sns.Client).Publish":           {What: "SNS Publish", Notification: true, Slot: InputField, Arg: 1, Fields: []string{"MessageDeduplicationId"}, FIFOOnly: true},
	"(*github.com/aws/aws-sdk-go-v2/service/ses.Client).SendEmail":         {What: "SES SendEmail", Notification: true},
	"(*github.com/aws/aws-sdk-go-v2/service/sesv2.Client).SendEmail":       {What: "SES SendEmail", Notification: true},
	"(*github.com/aws/aws-sdk-go-v2/service/eventbridge.Client).PutEvents": {What: "EventBridge PutEvents"},
	"(*github.com/aws/aws-sdk-go-v2/service/lambda.Client).Invoke":         {What: "Lambda Invoke"},

	"(*github.com/segmentio/kafka-go.Writer).WriteMessages":                {What: "Kafka publish"},
	"(*github.com/twmb/franz-go/pkg/kgo.Client).ProduceSync":               {What: "Kafka publish"},
	"(*github.com/twmb/franz-go/pkg/kgo.Client).Produce":                   {What: "Kafka publish"},
	"(github.com/ThreeDotsLabs/watermill/message.Publisher).Publish":       {What: "watermill publish"},
	"(*github.com/rabbitmq/amqp091-go.Channel).Publish":                    {What: "AMQP publish"},
	"(*github.com/rabbitmq/amqp091-go.Channel).PublishWithContext":         {What: "AMQP publish"},
	"(*github.com/rabbitmq/amqp091-go.Channel).PublishWithDeferredConfirm": {What: "AMQP publish"},
	"(*github.com/nats-io/nats.go.Conn).Publish":                           {What: "NATS publish"},
	"(*github.com/nats-io/nats.go.Conn).PublishMsg":                        {What: "NATS publish"},
	"(github.com/nats-io/nats.go.JetStreamContext).Publish":                {What: "JetStream publish", Slot: PubOption, Arg: 2},
	"(github.com/nats-io/nats.go.JetStream).Publish":                       {What: "JetStream publish", Slot: PubOption, Arg: 2},
	"(github.com/nats-io/nats.go.JetStreamContext).PublishMsg":             {What: "JetStream publish", Slot: PubOption, Arg: 1},
	"(github.com/nats-io/nats.go.JetStream).PublishMsg":                    {What: "JetStream publish", Slot: PubOption, Arg: 1},
	"(github.com/nats-io/nats.go/jetstream.JetStream).Publish":             {What: "JetStream publish", Slot: PubOption, Arg: 3},
	"(github.com/nats-io/nats.go/jetstream.Publisher).Publish":             {What: "JetStream publish", Slot: PubOption, Arg: 3},
	"(github.com/nats-io/nats.go/jetstream.JetStream).PublishMsg":          {What: "JetStream publish", Slot: PubOption, Arg: 2},
	"net/smtp.SendMail": {What: "SMTP send", Notification: true},

	// Mailgun's e-mail API: a notification, with no key to send (its
	// client's own HTTP helper is the library's).
	"(github.com/mailgun/mailgun-go.Mailgun).Send":         {What: "Mailgun send", Notification: true},
	"(*github.com/mailgun/mailgun-go.MailgunImpl).Send":    {What: "Mailgun send", Notification: true},
	"(github.com/mailgun/mailgun-go/v3.Mailgun).Send":      {What: "Mailgun send", Notification: true},
	"(*github.com/mailgun/mailgun-go/v3.MailgunImpl).Send": {What: "Mailgun send", Notification: true},
	"(github.com/mailgun/mailgun-go/v4.Mailgun).Send":      {What: "Mailgun send", Notification: true},
	"(*github.com/mailgun/mailgun-go/v4.MailgunImpl).Send": {What: "Mailgun send", Notification: true},
})

// awsTokenFields are the fields of AWS SDK v2 inputs that carry a client
// token: the SDK fills a fresh one per call when the field is empty, which
// protects its own retries but not a retried handler.
var awsTokenFields = []string{"ClientToken", "ClientRequestToken", "IdempotencyToken"}

// grpcKeyFields are request message fields that carry an operation key.
var grpcKeyFields = []string{"IdempotencyKey", "RequestId", "ClientToken", "OperationId"}

// mutatingVerbs start the names of gRPC methods that change state.
var mutatingVerbs = []string{"Create", "Add", "Book", "Reserve", "Charge", "Pay", "Capture", "Refund",
	"Transfer", "Send", "Submit", "Publish", "Place", "Issue", "Cancel", "Update", "Adjust", "Allocate"}

// slotFields are struct fields that are key slots: "pkg.Type.Field", with
// "pkg/prefix/...*.Field" matching the field on any type of any package
// under the prefix.
var slotFields = withStripeFields(map[string]Slot{
	"github.com/aws/aws-sdk-go-v2/service/...*.MessageDeduplicationId": {What: "the message's deduplication ID"},
	"github.com/aws/aws-sdk-go-v2/service/...*.ClientToken":            {What: "the request's client token"},
	"github.com/aws/aws-sdk-go-v2/service/...*.ClientRequestToken":     {What: "the request's client token"},
	"github.com/aws/aws-sdk-go-v2/service/...*.IdempotencyToken":       {What: "the request's idempotency token"},
	// A Temporal workflow's ID: the server refuses a second execution
	// under a running one's (or any one's, by the reuse policy).
	"go.temporal.io/sdk/internal.StartWorkflowOptions.ID": {What: "the workflow's ID"},
	// An object's key: a retry that stores the upload under a new one
	// stores a second object.
	"github.com/aws/aws-sdk-go-v2/service/s3.PutObjectInput.Key":     {What: "the stored object's key"},
	"github.com/aws/aws-sdk-go/service/s3.PutObjectInput.Key":        {What: "the stored object's key"},
	"github.com/aws/aws-sdk-go/service/s3/s3manager.UploadInput.Key": {What: "the stored object's key"},
	// Not AMQP's Publishing.MessageId, nor the UUID of a watermill
	// message: neither broker deduplicates on it, so it is an identity
	// only where the program's consumers deduplicate on it, which the
	// publisher's package cannot see. A program whose consumers do
	// names it in the configuration's sinks.
})

// slotCalls pass a key slot's value as an argument (counted without the
// receiver).
var slotCalls = withStripeSetters(map[string]SlotCall{
	"github.com/hibiken/asynq.TaskID":                {0, Slot{What: "the job's unique ID", Conflict: "github.com/hibiken/asynq.ErrTaskIDConflict"}},
	"github.com/nats-io/nats.go.MsgId":               {0, Slot{What: "the message's Nats-Msg-Id"}},
	"github.com/nats-io/nats.go/jetstream.WithMsgID": {0, Slot{What: "the message's Nats-Msg-Id"}},
})

// A PointerHelper is the function of an SDK's module that makes a pointer
// to a string, for the input fields the SDK declares as pointers.
type PointerHelper struct {
	Module, Path, Func string
}

var pointerHelpers = []PointerHelper{
	{Module: "github.com/aws/aws-sdk-go-v2", Path: "github.com/aws/aws-sdk-go-v2/aws", Func: "String"},
	{Module: "github.com/aws/aws-sdk-go", Path: "github.com/aws/aws-sdk-go/aws", Func: "String"},
}

// StringPointer returns the helper that makes a string pointer for an
// input field of the external call fn, by the module fn belongs to.
func StringPointer(fn *types.Func) (PointerHelper, bool) {
	if fn.Pkg() == nil {
		return PointerHelper{}, false
	}
	for _, h := range pointerHelpers {
		if path := fn.Pkg().Path(); path == h.Module || strings.HasPrefix(path, h.Module+"/") {
			return h, true
		}
	}
	return PointerHelper{}, false
}
