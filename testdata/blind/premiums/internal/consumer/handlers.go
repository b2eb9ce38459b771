package consumer

import (
	"context"
	"encoding/json"
	"log/slog"

	"github.com/twmb/franz-go/pkg/kgo"

	"github.com/pawsure/premiums/internal/service/billing"
	"github.com/pawsure/premiums/internal/service/claims"
	"github.com/pawsure/premiums/internal/service/customers"
)

const (
	TopicClaimsAdjudicated    = "claims.adjudicated"
	TopicClaimsSubmitted      = "claims.submitted"
	TopicPoliciesRenewed      = "policies.renewed"
	TopicPaymentChargebacks   = "payments.chargebacks"
	TopicPolicyholdersUpdated = "policyholders.updated"
)

type Services struct {
	Claims    claims.Service
	Billing   billing.Service
	Customers customers.Service
	Log       *slog.Logger
}

// JSON adapts a typed event handler to a record Handler. Records that do not
// decode are logged and skipped.
func JSON[T any](log *slog.Logger, fn func(context.Context, T) error) Handler {
	return func(ctx context.Context, rec *kgo.Record) error {
		var evt T
		if err := json.Unmarshal(rec.Value, &evt); err != nil {
			log.Error("undecodable record", "topic", rec.Topic, "offset", rec.Offset, "err", err)
			return ErrSkip
		}
		return fn(ctx, evt)
	}
}

// Handlers returns the topic → handler table.
func Handlers(s Services) map[string]Handler {
	return map[string]Handler{
		TopicClaimsAdjudicated:    JSON(s.Log, s.Claims.ApplyAdjudication),
		TopicClaimsSubmitted:      JSON(s.Log, s.Claims.RequestRecords),
		TopicPoliciesRenewed:      JSON(s.Log, s.Billing.ApplyRenewal),
		TopicPaymentChargebacks:   JSON(s.Log, s.Billing.ApplyChargeback),
		TopicPolicyholdersUpdated: JSON(s.Log, s.Customers.ApplyContactUpdate),
	}
}
