package flows

import (
	"fmt"
	"time"

	"go.temporal.io/sdk/temporal"
	"go.temporal.io/sdk/workflow"
)

// a is only used to name activity methods in ExecuteActivity calls.
var a *Activities

func activityOptions(ctx workflow.Context, timeout time.Duration, attempts int32) workflow.Context {
	return workflow.WithActivityOptions(ctx, workflow.ActivityOptions{
		StartToCloseTimeout: timeout,
		RetryPolicy: &temporal.RetryPolicy{
			InitialInterval:        2 * time.Second,
			BackoffCoefficient:     2,
			MaximumInterval:        2 * time.Minute,
			MaximumAttempts:        attempts,
			NonRetryableErrorTypes: []string{ErrTypeDeclined, ErrTypeInvalid},
		},
	})
}

// RegistrationWorkflow charges for an order, creates the domain at the
// registry, records it and provisions its DNS zone. A failure after the
// charge refunds it.
func RegistrationWorkflow(ctx workflow.Context, in RegistrationInput) (RegistrationResult, error) {
	log := workflow.GetLogger(ctx)
	actx := activityOptions(ctx, 45*time.Second, 10)

	var charge ChargeResult
	if err := workflow.ExecuteActivity(actx, a.ChargeRegistration, in.OrderID).Get(ctx, &charge); err != nil {
		_ = workflow.ExecuteActivity(actx, a.RefundOrder, RefundInput{OrderID: in.OrderID, Reason: "payment failed"}).Get(ctx, nil)
		return RegistrationResult{}, err
	}

	var created RegistryCreateResult
	if err := workflow.ExecuteActivity(actx, a.CreateAtRegistry, in).Get(ctx, &created); err != nil {
		log.Warn("registry create failed, refunding", "order", in.OrderID, "err", err)
		_ = workflow.ExecuteActivity(actx, a.RefundOrder, RefundInput{OrderID: in.OrderID, Reason: "registration failed"}).Get(ctx, nil)
		return RegistrationResult{}, err
	}

	var res RegistrationResult
	rec := RecordRegistrationInput{OrderID: in.OrderID, Registry: created}
	if err := workflow.ExecuteActivity(actx, a.RecordRegistration, rec).Get(ctx, &res.DomainID); err != nil {
		return RegistrationResult{}, fmt.Errorf("record registration: %w", err)
	}
	res.ExpiresAt = created.ExpiresAt

	dnsCtx := activityOptions(ctx, 2*time.Minute, 20)
	if err := workflow.ExecuteActivity(dnsCtx, a.ProvisionZone, res.DomainID).Get(ctx, nil); err != nil {
		// The domain is registered; the zone can be provisioned from the
		// control panel later.
		log.Error("zone provisioning failed", "domain", res.DomainID, "err", err)
	}
	return res, nil
}

// TransferWorkflow charges for an inbound transfer, submits it to the
// registry and waits for the losing registrar's answer.
func TransferWorkflow(ctx workflow.Context, in TransferInput) error {
	actx := activityOptions(ctx, 45*time.Second, 10)

	var charge ChargeResult
	if err := workflow.ExecuteActivity(actx, a.ChargeTransfer, in).Get(ctx, &charge); err != nil {
		_ = workflow.ExecuteActivity(actx, a.RefundOrder, RefundInput{OrderID: in.OrderID, Reason: "payment failed"}).Get(ctx, nil)
		return err
	}
	if err := workflow.ExecuteActivity(actx, a.RequestTransfer, in).Get(ctx, nil); err != nil {
		_ = workflow.ExecuteActivity(actx, a.RefundOrder, RefundInput{OrderID: in.OrderID, Reason: "transfer rejected by registry"}).Get(ctx, nil)
		return err
	}

	// The registry auto-approves after five days if the losing registrar
	// does nothing.
	var outcome RegistryOutcome
	timedOut := false
	sel := workflow.NewSelector(ctx)
	sel.AddReceive(workflow.GetSignalChannel(ctx, SignalRegistryOutcome), func(c workflow.ReceiveChannel, _ bool) {
		c.Receive(ctx, &outcome)
	})
	sel.AddFuture(workflow.NewTimer(ctx, 6*24*time.Hour), func(workflow.Future) { timedOut = true })
	sel.Select(ctx)

	if timedOut || !outcome.Approved {
		reason := outcome.Reason
		if timedOut {
			reason = "no answer from registry"
		}
		return workflow.ExecuteActivity(actx, a.RefundOrder, RefundInput{OrderID: in.OrderID, Reason: reason}).Get(ctx, nil)
	}
	return workflow.ExecuteActivity(actx, a.CompleteTransfer, in).Get(ctx, nil)
}

// RenewalWorkflow renews a domain for one cycle, manually or automatically.
func RenewalWorkflow(ctx workflow.Context, in RenewalInput) error {
	actx := activityOptions(ctx, 45*time.Second, 10)

	var charge ChargeResult
	if err := workflow.ExecuteActivity(actx, a.ChargeRenewal, in).Get(ctx, &charge); err != nil {
		return err
	}
	var reg RenewAtRegistryResult
	if err := workflow.ExecuteActivity(actx, a.RenewAtRegistry, in).Get(ctx, &reg); err != nil {
		return err
	}
	var newExpiry time.Time
	ext := ExtendInput{DomainID: in.DomainID, Years: in.Years, Trigger: in.Trigger, CycleExpiresAt: in.CycleExpiresAt}
	if err := workflow.ExecuteActivity(actx, a.ExtendExpiry, ext).Get(ctx, &newExpiry); err != nil {
		return err
	}

	var invoiceID string
	inv := InvoiceInput{
		AccountID:   charge.AccountID,
		DomainID:    in.DomainID,
		PaymentID:   charge.PaymentID,
		Description: fmt.Sprintf("Renewal of %s for %d year(s)", charge.DomainName, in.Years),
		AmountCents: charge.Amount,
		Currency:    charge.Currency,
	}
	if err := workflow.ExecuteActivity(actx, a.RecordInvoice, inv).Get(ctx, &invoiceID); err != nil {
		return err
	}
	receipt := ReceiptInput{
		AccountID:   charge.AccountID,
		DomainName:  charge.DomainName,
		PaymentID:   charge.PaymentID,
		InvoiceID:   invoiceID,
		AmountCents: charge.Amount,
		Currency:    charge.Currency,
		NewExpiry:   newExpiry,
	}
	return workflow.ExecuteActivity(actx, a.SendRenewalReceipt, receipt).Get(ctx, nil)
}
