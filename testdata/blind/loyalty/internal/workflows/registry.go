package workflows

import (
	"go.temporal.io/sdk/activity"
	"go.temporal.io/sdk/worker"
	"go.temporal.io/sdk/workflow"

	"github.com/tidewater/loyalty/internal/platform/temporalx"
)

// Activity names, shared by the registration table and the workflows.
const (
	ActReserveGiftCardPoints = "giftcard.reserve_points"
	ActIssueGiftCard         = "giftcard.issue"
	ActStoreIssuedCard       = "giftcard.store"
	ActGenerateStatement     = "statement.generate"
	ActSendStatementEmail    = "statement.send_email"
	ActExpirePoints          = "expiry.expire_points"
)

type activityEntry struct {
	name string
	fn   func(a *Activities) any
}

// activityTable is the single place activities are registered from.
var activityTable = []activityEntry{
	{ActReserveGiftCardPoints, func(a *Activities) any { return a.ReserveGiftCardPoints }},
	{ActIssueGiftCard, func(a *Activities) any { return a.IssueGiftCard }},
	{ActStoreIssuedCard, func(a *Activities) any { return a.StoreIssuedCard }},
	{ActGenerateStatement, func(a *Activities) any { return a.GenerateStatement }},
	{ActSendStatementEmail, func(a *Activities) any { return a.SendStatementEmail }},
	{ActExpirePoints, func(a *Activities) any { return a.ExpirePoints }},
}

var workflowTable = []struct {
	name string
	fn   any
}{
	{temporalx.GiftCardIssuanceWorkflow, GiftCardIssuance},
	{temporalx.StatementWorkflow, MemberStatement},
	{temporalx.PointsExpiryWorkflow, PointsExpiry},
}

// Register adds every workflow and activity to the worker.
func Register(r worker.Registry, a *Activities) {
	for _, w := range workflowTable {
		r.RegisterWorkflowWithOptions(w.fn, workflow.RegisterOptions{Name: w.name})
	}
	for _, e := range activityTable {
		r.RegisterActivityWithOptions(e.fn(a), activity.RegisterOptions{Name: e.name})
	}
}
