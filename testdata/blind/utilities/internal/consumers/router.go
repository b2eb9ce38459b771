// Package consumers runs the watermill router that processes Kafka topics.
package consumers

import (
	"errors"
	"log/slog"
	"time"

	"github.com/ThreeDotsLabs/watermill"
	"github.com/ThreeDotsLabs/watermill/message"
	"github.com/ThreeDotsLabs/watermill/message/router/middleware"

	"github.com/gridwell/utilities/internal/domain"
	"github.com/gridwell/utilities/internal/service"
)

// Handlers groups the services the consumers call.
type Handlers struct {
	readings *service.ReadingService
	billing  *service.BillingService
	notices  *service.NoticeService
	dd       *service.DirectDebitService
	orders   *service.WorkOrderService
	log      *slog.Logger
}

func NewHandlers(
	readings *service.ReadingService,
	billing *service.BillingService,
	notices *service.NoticeService,
	dd *service.DirectDebitService,
	orders *service.WorkOrderService,
	log *slog.Logger,
) *Handlers {
	return &Handlers{readings: readings, billing: billing, notices: notices, dd: dd, orders: orders, log: log}
}

// route is one row of the routing table. Exactly one of handle and
// produce is set; publishTopic goes with produce.
type route struct {
	name         string
	topic        string
	handle       message.NoPublishHandlerFunc
	produce      message.HandlerFunc
	publishTopic string
}

func (h *Handlers) routes() []route {
	return []route{
		{name: "ingest-meter-readings", topic: domain.TopicMeterReadings, handle: consume(h.onMeterReading)},
		{name: "bill-account", topic: domain.TopicBillAccount, produce: produce(h.onBillAccount), publishTopic: domain.TopicBillIssued},
		{name: "notify-bill-issued", topic: domain.TopicBillIssued, handle: consume(h.onBillIssued)},
		{name: "submit-due-collection", topic: domain.TopicCollectionDue, handle: consume(h.onCollectionDue)},
		{name: "represent-collection", topic: domain.TopicCollectionRepresent, handle: consume(h.onCollectionRepresent)},
		{name: "settle-collection", topic: domain.TopicCollectionSettled, handle: consume(h.onCollectionSettled)},
		{name: "dunning-on-payment-failed", topic: domain.TopicPaymentFailed, handle: consume(h.onPaymentFailed)},
		{name: "dispatch-work-order", topic: domain.TopicWorkOrderDispatch, handle: consume(h.onWorkOrderDispatch)},
	}
}

// NewRouter builds the router with every route in the table.
// Messages that can never succeed are published to the poison topic through
// pub as well.
func NewRouter(h *Handlers, sub message.Subscriber, pub message.Publisher, logger watermill.LoggerAdapter) (*message.Router, error) {
	r, err := message.NewRouter(message.RouterConfig{CloseTimeout: 30 * time.Second}, logger)
	if err != nil {
		return nil, err
	}
	poisonMW, err := middleware.PoisonQueueWithFilter(pub, "utilities.poison.v1", func(err error) bool {
		var pe PermanentError
		return errors.As(err, &pe)
	})
	if err != nil {
		return nil, err
	}
	r.AddMiddleware(
		middleware.Recoverer,
		middleware.CorrelationID,
		poisonMW,
		middleware.Retry{
			MaxRetries:      4,
			InitialInterval: 500 * time.Millisecond,
			MaxInterval:     10 * time.Second,
			Multiplier:      2,
			Logger:          logger,
		}.Middleware,
	)
	for _, rt := range h.routes() {
		if rt.produce != nil {
			r.AddHandler(rt.name, rt.topic, sub, rt.publishTopic, pub, rt.produce)
			continue
		}
		r.AddNoPublisherHandler(rt.name, rt.topic, sub, rt.handle)
	}
	return r, nil
}
