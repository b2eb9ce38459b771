package commands

import (
	"context"
	"errors"

	"github.com/lexicaassess/examreg/internal/platform/bus"
	"github.com/lexicaassess/examreg/internal/service/certificate"
	"github.com/lexicaassess/examreg/internal/service/registration"
)

// ErrNotOwner is returned when a candidate acts on someone else's registration.
var ErrNotOwner = errors.New("commands: registration belongs to another candidate")

func registerHandler(r Registrar) bus.Handler[*RegisterForSession] {
	return bus.HandlerFunc[*RegisterForSession](func(ctx context.Context, cmd *RegisterForSession) error {
		reg, hold, err := r.Register(ctx, registration.RegisterInput{
			CandidateID:    cmd.CandidateID,
			SessionID:      cmd.SessionID,
			Accommodations: cmd.Accommodations,
		})
		if err != nil {
			return err
		}
		cmd.Registration, cmd.Hold = reg, hold
		return nil
	})
}

type startFee struct {
	fees  FeeStarter
	owner func(ctx context.Context, registrationID, candidateID string) (bool, error)
}

func startFeeHandler(f FeeStarter, owner func(context.Context, string, string) (bool, error)) bus.Handler[*StartFeePayment] {
	return &startFee{fees: f, owner: owner}
}

func (h *startFee) Handle(ctx context.Context, cmd *StartFeePayment) error {
	ok, err := h.owner(ctx, cmd.RegistrationID, cmd.CandidateID)
	if err != nil {
		return err
	}
	if !ok {
		return ErrNotOwner
	}
	fee, err := h.fees.StartFee(ctx, cmd.RegistrationID)
	if err != nil {
		return err
	}
	cmd.Fee = fee
	return nil
}

func withdrawHandler(w Withdrawer) bus.Handler[*WithdrawRegistration] {
	return bus.HandlerFunc[*WithdrawRegistration](func(ctx context.Context, cmd *WithdrawRegistration) error {
		out, err := w.Withdraw(ctx, cmd.RegistrationID, cmd.CandidateID)
		if err != nil {
			return err
		}
		cmd.Outcome = out
		return nil
	})
}

func reissueHandler(r Reissuer) bus.Handler[*ReissueCertificate] {
	return bus.HandlerFunc[*ReissueCertificate](func(ctx context.Context, cmd *ReissueCertificate) error {
		ref, err := r.Reissue(ctx, certificate.ReissueInput{
			CertificateID: cmd.CertificateID,
			Reason:        cmd.Reason,
			RequestedBy:   cmd.RequestedBy,
		})
		if err != nil {
			return err
		}
		cmd.PartnerRef = ref
		return nil
	})
}
