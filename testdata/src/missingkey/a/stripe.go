package a

import (
	"context"
	"net/http"

	"github.com/gin-gonic/gin"
	"github.com/hibiken/asynq"
	"github.com/riverqueue/river"
	"github.com/stripe/stripe-go/v82"
	"github.com/stripe/stripe-go/v82/charge"
	"github.com/stripe/stripe-go/v82/client"
	"github.com/stripe/stripe-go/v82/paymentintent"
	"github.com/stripe/stripe-go/v82/payout"
	"github.com/stripe/stripe-go/v82/refund"
	"github.com/stripe/stripe-go/v82/transfer"
	"go.temporal.io/sdk/worker"
)

func charge1(w http.ResponseWriter, r *http.Request) {
	params := &stripe.PaymentIntentParams{Amount: stripe.Int64(100)}
	paymentintent.New(params) // want `a retry repeats the Stripe PaymentIntent create: the call carries no idempotency key \(HTTP handler charge1\)`
}

func chargeTask(ctx context.Context, t *asynq.Task) error {
	params := &stripe.ChargeParams{}
	_, err := charge.New(params) // want `Stripe charge: the call carries no idempotency key \(asynq handler chargeTask\)`
	return err
}

type RefundArgs struct{ PaymentIntent string }

func (RefundArgs) Kind() string { return "refund" }

type RefundWorker struct {
	river.WorkerDefaults[RefundArgs]
}

func (w *RefundWorker) Work(ctx context.Context, job *river.Job[RefundArgs]) error {
	_, err := refund.New(&stripe.RefundParams{PaymentIntent: stripe.String(job.Args.PaymentIntent)}) // want `Stripe refund`
	return err
}

var sc = stripe.NewClient("sk")

// A connected account made again on a retry is a second account.
func ginOnboard(c *gin.Context) {
	sc.V1Accounts.Create(c.Request.Context(), &stripe.AccountCreateParams{}) // want `Stripe Account create: the call carries no idempotency key \(gin handler ginOnboard\)`
}

// Negative: an onboarding link is a short-lived URL; a second one is
// harmless.
func ginOnboardingLink(c *gin.Context) {
	sc.V1AccountLinks.Create(c.Request.Context(), &stripe.AccountLinkCreateParams{Account: stripe.String("acct_1")})
}

func ginCharge(c *gin.Context) {
	params := &stripe.PaymentIntentCreateParams{}
	sc.V1PaymentIntents.Create(c.Request.Context(), params) // want `Stripe PaymentIntent create: the call carries no idempotency key \(gin handler ginCharge\)`
}

// Negative: confirming an existing intent repeats nothing; it succeeds
// at most once, and Stripe refuses a repeat in its new state.
func confirm(w http.ResponseWriter, r *http.Request) {
	params := &stripe.PaymentIntentConfirmParams{}
	params.AddMetadata("order", r.URL.Query().Get("order"))
	paymentintent.Confirm(r.URL.Query().Get("pi"), params)
}

// Negative: nor does capturing it.
func capture(w http.ResponseWriter, r *http.Request) {
	paymentintent.Capture(r.URL.Query().Get("pi"), nil)
}

func refundNoKey(w http.ResponseWriter, r *http.Request) {
	params := &stripe.RefundParams{}
	params.AddMetadata("order", r.URL.Query().Get("order"))
	refund.New(params) // want `Stripe refund: the call carries no idempotency key`
}

func retryTransfer(ctx context.Context) error {
	var err error
	for i := 0; i < 3; i++ {
		if _, err = transfer.New(&stripe.TransferParams{}); err == nil { // want `Stripe transfer: .* \(hand-written retry loop retryTransfer\)`
			return nil
		}
	}
	return err
}

func Payout(ctx context.Context, amount int64) error {
	_, err := payout.New(&stripe.PayoutParams{Amount: stripe.Int64(amount)}) // want `Stripe payout: .*Temporal activity Payout`
	return err
}

func register(w worker.Worker) { w.RegisterActivity(Payout) }

// Negative: the key from the request header.
func keyed(w http.ResponseWriter, r *http.Request) {
	params := &stripe.PaymentIntentParams{}
	params.SetIdempotencyKey(r.Header.Get("Idempotency-Key"))
	paymentintent.New(params)
}

// Negative: the key in the literal, from the job.
func keyedLiteral(ctx context.Context, t *asynq.Task) error {
	_, err := charge.New(&stripe.ChargeParams{Params: stripe.Params{IdempotencyKey: stripe.String(t.ResultWriter().TaskID())}})
	return err
}

// The params go through a helper of the package that fills the amount
// only: the analysis reads it.
func viaAmountHelper(w http.ResponseWriter, r *http.Request) {
	params := &stripe.PaymentIntentParams{}
	withAmount(params, 500)
	paymentintent.New(params) // want `a retry repeats the Stripe PaymentIntent create: the call carries no idempotency key \(HTTP handler viaAmountHelper\)`
}

func withAmount(p *stripe.PaymentIntentParams, cents int64) {
	p.Amount = stripe.Int64(cents)
	p.Currency = stripe.String("eur")
}

// Negative: the params go through a helper that sets the key.
func viaHelper(w http.ResponseWriter, r *http.Request) {
	params := &stripe.PaymentIntentParams{}
	decorate(params, r)
	paymentintent.New(params)
}

func decorate(p *stripe.PaymentIntentParams, r *http.Request) {
	p.SetIdempotencyKey(r.Header.Get("Idempotency-Key"))
}

// Negative: params built elsewhere.
func built(w http.ResponseWriter, r *http.Request) {
	paymentintent.New(paramsFor(r))
}

func paramsFor(r *http.Request) *stripe.PaymentIntentParams { return &stripe.PaymentIntentParams{} }

// Negative: not retried.
func backfill() {
	paymentintent.New(&stripe.PaymentIntentParams{})
}

// Negative: suppressed.
func suppressed(w http.ResponseWriter, r *http.Request) {
	//idemlint:ignore IDEM002 the PaymentIntent is confirmed client-side; this only creates a draft
	paymentintent.New(&stripe.PaymentIntentParams{})
}

var api = client.New("sk", nil)

// The resource clients of client.API.
func apiCharge(w http.ResponseWriter, r *http.Request) {
	api.PaymentIntents.New(&stripe.PaymentIntentParams{}) // want `Stripe PaymentIntent create: the call carries no idempotency key \(HTTP handler apiCharge\)`
}

// intentCreator is the program's own interface over the Stripe client's
// V1PaymentIntents service, which main fills with it.
type intentCreator interface {
	Create(ctx context.Context, params *stripe.PaymentIntentCreateParams) (*stripe.PaymentIntent, error)
}

var intents intentCreator

func chargeThroughService(ctx context.Context, t *asynq.Task) error {
	_, err := intents.Create(ctx, &stripe.PaymentIntentCreateParams{Amount: stripe.Int64(100)}) // want `Stripe PaymentIntent create: the call carries no idempotency key \(asynq handler chargeThroughService\)`
	return err
}
