package command

import (
	"errors"

	"github.com/google/uuid"

	"github.com/refundbridge/advance/internal/domain"
	"github.com/refundbridge/advance/internal/service"
)

// SubmitApplication creates an application. Result is filled on success.
type SubmitApplication struct {
	Input  service.SubmitInput
	Result *service.SubmitResult
}

func (c SubmitApplication) Validate() error {
	if c.Result == nil {
		return errors.New("result pointer required")
	}
	return c.Input.Validate()
}

// WithdrawApplication cancels an undecided application.
type WithdrawApplication struct {
	PartnerID     uuid.UUID
	ApplicationID uuid.UUID
	Reason        string
	Result        *domain.Application
}

func (c WithdrawApplication) Validate() error {
	if c.Reason == "" {
		return errors.New("reason is required")
	}
	if len(c.Reason) > 500 {
		return errors.New("reason is too long")
	}
	return nil
}

// ApplyTransferEvent applies a bank transfer webhook.
type ApplyTransferEvent struct {
	Event service.TransferEvent
}

func (c ApplyTransferEvent) Validate() error {
	if c.Event.EventID == "" || c.Event.TransferID == "" {
		return errors.New("event id and transfer id are required")
	}
	return nil
}

// ApplyReturnEvent applies a partner return-status webhook.
type ApplyReturnEvent struct {
	PartnerID uuid.UUID
	Event     service.ReturnEvent
}

func (c ApplyReturnEvent) Validate() error {
	if c.Event.EventID == "" || c.Event.ReturnRef == "" {
		return errors.New("event_id and return_ref are required")
	}
	return nil
}

// RecordAdjustment books a manual commission adjustment.
type RecordAdjustment struct {
	Input  service.AdjustmentInput
	Result *domain.CommissionAccrual
}

func (c RecordAdjustment) Validate() error {
	if c.Input.Actor == "" {
		return errors.New("actor is required")
	}
	if c.Input.Note == "" {
		return errors.New("note is required")
	}
	return nil
}

// Redisburse re-sends a returned advance.
type Redisburse struct {
	Input  service.RedisburseInput
	Result *domain.Disbursement
}

func (c Redisburse) Validate() error {
	if c.Input.Actor == "" {
		return errors.New("actor is required")
	}
	return nil
}
