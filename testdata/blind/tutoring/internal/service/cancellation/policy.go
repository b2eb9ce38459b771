package cancellation

import (
	"time"

	"github.com/learnloop/tutoring/internal/domain"
	"github.com/learnloop/tutoring/internal/platform/ids"
)

// RefundTarget says where a cancelled lesson's value goes back to.
type RefundTarget string

const (
	ToCredits RefundTarget = "credits"
	ToCard    RefundTarget = "card"
)

// Plan is the outcome of applying the cancellation policy to a lesson.
type Plan struct {
	Reference     string
	Target        RefundTarget
	Percent       int
	CreditsBack   int
	RefundCents   int64
	LateNoticeFee bool
}

// Policy encodes the published cancellation terms:
//
//	>= 24h before start: 100%
//	>= 2h  before start: 50%
//	<  2h  before start: nothing back
type Policy struct {
	FullRefundNotice    time.Duration
	PartialRefundNotice time.Duration
	PartialPercent      int
}

// DefaultPolicy is the policy shown on the website.
var DefaultPolicy = Policy{FullRefundNotice: 24 * time.Hour, PartialRefundNotice: 2 * time.Hour, PartialPercent: 50}

// PlanFor computes what to give back for lesson, paid from purchase.
func (p Policy) PlanFor(lesson domain.Lesson, purchase domain.Purchase, target RefundTarget, now time.Time) Plan {
	plan := Plan{Reference: ids.Prefixed("rf"), Target: target}
	notice := lesson.StartsAt.Sub(now)
	switch {
	case notice >= p.FullRefundNotice:
		plan.Percent = 100
	case notice >= p.PartialRefundNotice:
		plan.Percent = p.PartialPercent
		plan.LateNoticeFee = true
	default:
		plan.Percent = 0
		plan.LateNoticeFee = true
	}
	switch target {
	case ToCard:
		if purchase.Credits > 0 {
			perCredit := purchase.AmountCents / int64(purchase.Credits)
			plan.RefundCents = perCredit * int64(lesson.Credits) * int64(plan.Percent) / 100
		}
	default:
		plan.CreditsBack = lesson.Credits * plan.Percent / 100
	}
	return plan
}
