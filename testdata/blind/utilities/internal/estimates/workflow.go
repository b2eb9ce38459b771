// Package estimates runs the meter-reading estimate workflow on Temporal.
// When a meter has not reported for a billing period, the workflow projects
// its consumption from history, stores an estimated reading, books a read
// visit after repeated estimates and tells the customer by letter.
package estimates

import (
	"fmt"
	"time"

	"github.com/google/uuid"
	"go.temporal.io/sdk/temporal"
	"go.temporal.io/sdk/workflow"
)

// TaskQueue is the default Temporal task queue for estimates.
const TaskQueue = "meter-estimates"

// VisitThreshold is the number of consecutive estimates after which an
// engineer is sent to read the meter.
const VisitThreshold = 3

// Input starts one estimate for one meter register and period.
type Input struct {
	MeterID     string    `json:"meter_id"`
	Register    string    `json:"register"`
	PeriodStart time.Time `json:"period_start"`
	PeriodEnd   time.Time `json:"period_end"`
}

// WorkflowID is the ID callers use to start the workflow, so one period of
// one register has at most one running estimate.
func WorkflowID(in Input) string {
	return fmt.Sprintf("estimate/%s/%s/%s", in.MeterID, in.Register, in.PeriodStart.Format("2006-01-02"))
}

// Result is what the workflow returns.
type Result struct {
	EstimateRef string  `json:"estimate_ref"`
	EstimateID  string  `json:"estimate_id"`
	Value       float64 `json:"value"`
	VisitBooked bool    `json:"visit_booked"`
}

// EstimateReadingWorkflow orchestrates the activities.
func EstimateReadingWorkflow(ctx workflow.Context, in Input) (Result, error) {
	ctx = workflow.WithActivityOptions(ctx, workflow.ActivityOptions{
		StartToCloseTimeout: 2 * time.Minute,
		RetryPolicy: &temporal.RetryPolicy{
			InitialInterval:    5 * time.Second,
			BackoffCoefficient: 2,
			MaximumInterval:    5 * time.Minute,
			MaximumAttempts:    10,
		},
	})
	logger := workflow.GetLogger(ctx)

	var ref string
	if err := workflow.SideEffect(ctx, func(workflow.Context) interface{} {
		return uuid.NewString()
	}).Get(&ref); err != nil {
		return Result{}, err
	}

	var a *Activities
	var stored StoreResult
	if err := workflow.ExecuteActivity(ctx, a.StoreEstimatedReading, StoreInput{
		Input:       in,
		EstimateRef: ref,
	}).Get(ctx, &stored); err != nil {
		return Result{}, err
	}
	res := Result{EstimateRef: ref, EstimateID: stored.EstimateID, Value: stored.Value}

	if stored.ConsecutiveEstimates >= VisitThreshold {
		if err := workflow.ExecuteActivity(ctx, a.BookMeterReadVisit, VisitInput{
			MeterID:   in.MeterID,
			ReasonRef: workflow.GetInfo(ctx).WorkflowExecution.ID,
		}).Get(ctx, nil); err != nil {
			logger.Warn("read visit booking failed", "meter_id", in.MeterID, "error", err)
		} else {
			res.VisitBooked = true
		}
	}

	if err := workflow.ExecuteActivity(ctx, a.SendEstimateLetter, LetterInput{
		MeterID:     in.MeterID,
		PeriodStart: in.PeriodStart,
		PeriodEnd:   in.PeriodEnd,
		Value:       stored.Value,
		Unit:        stored.Unit,
	}).Get(ctx, nil); err != nil {
		return res, err
	}

	if err := workflow.ExecuteActivity(ctx, a.RecordEstimateAudit, AuditInput{
		MeterID:     in.MeterID,
		EstimateRef: ref,
		Summary:     fmt.Sprintf("estimated %.3f for %s..%s", stored.Value, in.PeriodStart.Format("2006-01-02"), in.PeriodEnd.Format("2006-01-02")),
	}).Get(ctx, nil); err != nil {
		return res, err
	}
	return res, nil
}
