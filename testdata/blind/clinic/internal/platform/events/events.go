// Package events holds the internal domain event bus (watermill) and the
// transactional outbox that feeds it.
package events

import (
	"context"
	"encoding/json"
	"log/slog"
	"time"

	"github.com/ThreeDotsLabs/watermill"
	"github.com/ThreeDotsLabs/watermill/message"
	"github.com/ThreeDotsLabs/watermill/message/router/middleware"
	"github.com/ThreeDotsLabs/watermill/pubsub/gochannel"
	"go.uber.org/fx"
)

const (
	TopicAppointmentBooked    = "appointment.booked"
	TopicAppointmentCancelled = "appointment.cancelled"
	TopicPaymentSucceeded     = "payment.succeeded"
	TopicClaimAdjudicated     = "claim.adjudicated"
	TopicLabResultReceived    = "lab.result.received"
)

type AppointmentBooked struct {
	AppointmentID string    `json:"appointment_id"`
	PatientID     string    `json:"patient_id"`
	ClinicianID   string    `json:"clinician_id"`
	SlotStart     time.Time `json:"slot_start"`
}

type AppointmentCancelled struct {
	AppointmentID string `json:"appointment_id"`
	Reason        string `json:"reason"`
	RefundedCents int64  `json:"refunded_cents"`
}

type PaymentSucceeded struct {
	PaymentAttemptID string `json:"payment_attempt_id"`
	AppointmentID    string `json:"appointment_id"`
	Purpose          string `json:"purpose"`
	AmountCents      int64  `json:"amount_cents"`
	ProviderRef      string `json:"provider_ref"`
}

type ClaimAdjudicated struct {
	ClaimID          string `json:"claim_id"`
	ClearinghouseRef string `json:"clearinghouse_ref"`
	TraceNumber      string `json:"trace_number"`
	PaidCents        int64  `json:"paid_cents"`
	PatientRespCents int64  `json:"patient_resp_cents"`
}

type LabResultReceived struct {
	ResultID        string `json:"result_id"`
	PatientID       string `json:"patient_id"`
	AccessionNumber string `json:"accession_number"`
	TestCode        string `json:"test_code"`
	Abnormal        bool   `json:"abnormal"`
}

// Decode unmarshals a message payload into T.
func Decode[T any](payload []byte) (T, error) {
	var v T
	err := json.Unmarshal(payload, &v)
	return v, err
}

// Publisher is what application code depends on to emit events directly.
type Publisher interface {
	Publish(topic string, messages ...*message.Message) error
}

// Subscription binds a named handler to a topic. Packages contribute these to
// the "subscriptions" fx group.
type Subscription struct {
	Name   string
	Topic  string
	Handle message.NoPublishHandlerFunc
}

func NewLogger(log *slog.Logger) watermill.LoggerAdapter {
	return watermill.NewSlogLogger(log)
}

// NewPubSub returns the in-process pub/sub. Swapping this for watermill-sql or
// Kafka only requires changing this constructor.
func NewPubSub(logger watermill.LoggerAdapter) *gochannel.GoChannel {
	return gochannel.NewGoChannel(gochannel.Config{
		OutputChannelBuffer:            256,
		Persistent:                     false,
		BlockPublishUntilSubscriberAck: false,
	}, logger)
}

type RouterParams struct {
	fx.In

	Lifecycle     fx.Lifecycle
	Logger        watermill.LoggerAdapter
	PubSub        *gochannel.GoChannel
	Subscriptions []Subscription `group:"subscriptions"`
}

// NewRouter builds the watermill router, registers every subscription and
// runs it for the lifetime of the app.
func NewRouter(p RouterParams) (*message.Router, error) {
	r, err := message.NewRouter(message.RouterConfig{CloseTimeout: 15 * time.Second}, p.Logger)
	if err != nil {
		return nil, err
	}
	r.AddMiddleware(
		middleware.CorrelationID,
		middleware.Retry{
			MaxRetries:      5,
			InitialInterval: 200 * time.Millisecond,
			MaxInterval:     5 * time.Second,
			Multiplier:      2,
			Logger:          p.Logger,
		}.Middleware,
		middleware.Recoverer,
	)
	for _, s := range p.Subscriptions {
		r.AddConsumerHandler(s.Name, s.Topic, p.PubSub, s.Handle)
	}
	ctx, cancel := context.WithCancel(context.Background())
	p.Lifecycle.Append(fx.Hook{
		OnStart: func(context.Context) error {
			go func() {
				if err := r.Run(ctx); err != nil {
					p.Logger.Error("watermill router stopped", err, nil)
				}
			}()
			<-r.Running()
			return nil
		},
		OnStop: func(context.Context) error {
			cancel()
			return r.Close()
		},
	})
	return r, nil
}
