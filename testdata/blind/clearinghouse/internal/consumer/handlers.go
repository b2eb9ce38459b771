package consumer

import (
	"context"

	"github.com/medbridge-health/clearinghouse/internal/service"
)

// Event types produced by the EDI translator.
const (
	EventRemittanceReceived  = "remittance.received"
	EventRemittanceReversal  = "remittance.reversal"
	EventClaimAcknowledged   = "claim.acknowledged"
	EventClaimDenied         = "claim.denied"
	EventClaimInfoRequested  = "claim.info_requested"
	EventEligibilityResponse = "eligibility.response"
)

// Remittances is the remittance posting use case.
type Remittances interface {
	PostRemittance(ctx context.Context, ev service.RemittanceEvent) error
	ReversePayment(ctx context.Context, ev service.ReversalEvent) error
	Acknowledge(ctx context.Context, ev service.AckEvent) error
}

// Denials is the denial management use case.
type Denials interface {
	RecordDenial(ctx context.Context, ev service.DenialEvent) error
	RecordInfoRequest(ctx context.Context, ev service.InfoRequestEvent) error
}

// Eligibility is the eligibility use case.
type Eligibility interface {
	ApplyResponse(ctx context.Context, ev service.EligibilityResponseEvent) error
}

// NewHandlers builds the dispatch table for the inbound payer topic.
func NewHandlers(rem *service.RemittanceService, den *service.DenialService, elig *service.EligibilityService) map[string]HandlerFunc {
	return buildHandlers(rem, den, elig)
}

func buildHandlers(rem Remittances, den Denials, elig Eligibility) map[string]HandlerFunc {
	return map[string]HandlerFunc{
		EventRemittanceReceived: Typed(func(ctx context.Context, env Envelope, ev service.RemittanceEvent) error {
			ev.EventID = env.EventID
			return rem.PostRemittance(ctx, ev)
		}),
		EventRemittanceReversal: Typed(func(ctx context.Context, _ Envelope, ev service.ReversalEvent) error {
			return rem.ReversePayment(ctx, ev)
		}),
		EventClaimAcknowledged: Typed(func(ctx context.Context, _ Envelope, ev service.AckEvent) error {
			return rem.Acknowledge(ctx, ev)
		}),
		EventClaimDenied: Typed(func(ctx context.Context, _ Envelope, ev service.DenialEvent) error {
			return den.RecordDenial(ctx, ev)
		}),
		EventClaimInfoRequested: Typed(func(ctx context.Context, _ Envelope, ev service.InfoRequestEvent) error {
			return den.RecordInfoRequest(ctx, ev)
		}),
		EventEligibilityResponse: Typed(func(ctx context.Context, _ Envelope, ev service.EligibilityResponseEvent) error {
			return elig.ApplyResponse(ctx, ev)
		}),
	}
}
