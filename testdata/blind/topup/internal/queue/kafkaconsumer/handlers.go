package kafkaconsumer

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/segmentio/kafka-go"

	"github.com/example/topup/internal/reseller"
	"github.com/example/topup/internal/service"
)

const (
	TopicDeliveryReports  = "carrier.delivery-reports"
	TopicResellerTopUpsOK = "reseller.topups.completed"
)

type ReportApplier interface {
	ApplyReport(ctx context.Context, r service.DeliveryReport) error
}

type CommissionRecorder interface {
	RecordCommission(ctx context.Context, ev reseller.TopUpCompleted) error
}

func decodeJSON[T any](m kafka.Message) (T, error) {
	var v T
	if err := json.Unmarshal(m.Value, &v); err != nil {
		return v, fmt.Errorf("%w: %s@%d: %v", ErrPoison, m.Topic, m.Offset, err)
	}
	return v, nil
}

// Handlers returns the topic routing table.
func Handlers(reports ReportApplier, billing CommissionRecorder) map[string]HandlerFunc {
	return map[string]HandlerFunc{
		TopicDeliveryReports: func(ctx context.Context, m kafka.Message) error {
			r, err := decodeJSON[service.DeliveryReport](m)
			if err != nil {
				return err
			}
			return reports.ApplyReport(ctx, r)
		},
		TopicResellerTopUpsOK: func(ctx context.Context, m kafka.Message) error {
			ev, err := decodeJSON[reseller.TopUpCompleted](m)
			if err != nil {
				return err
			}
			return billing.RecordCommission(ctx, ev)
		},
	}
}
