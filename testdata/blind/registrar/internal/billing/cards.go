package billing

import (
	"context"
	"fmt"
	"time"

	"github.com/google/uuid"

	"github.com/tldhouse/registrar/internal/model"
)

// AddCard attaches a tokenised card to the account's gateway customer and
// stores it.
func (s *Service) AddCard(ctx context.Context, accountID uuid.UUID, token string, makeDefault bool) (model.PaymentMethod, error) {
	acct, err := s.accounts.Get(ctx, accountID)
	if err != nil {
		return model.PaymentMethod{}, err
	}
	if acct.GatewayCustomerID == "" {
		return model.PaymentMethod{}, fmt.Errorf("account %s has no gateway customer", accountID)
	}
	gpm, err := s.gw.AttachPaymentMethod(ctx, acct.GatewayCustomerID, token)
	if err != nil {
		return model.PaymentMethod{}, err
	}
	rec := model.PaymentMethod{
		ID:          uuid.New(),
		AccountID:   accountID,
		GatewayPMID: gpm.ID,
		Brand:       gpm.Card.Brand,
		Last4:       gpm.Card.Last4,
		ExpMonth:    gpm.Card.ExpMonth,
		ExpYear:     gpm.Card.ExpYear,
		IsDefault:   makeDefault,
		CreatedAt:   time.Now().UTC(),
	}
	var out model.PaymentMethod
	err = s.tx.WithinTx(ctx, func(ctx context.Context) error {
		if makeDefault {
			if err := s.methods.ClearDefault(ctx, accountID); err != nil {
				return err
			}
		}
		var err error
		out, err = s.methods.Upsert(ctx, rec)
		return err
	})
	return out, err
}

// TopUp charges the account's card for prepaid credit. The credit itself is
// booked when the gateway confirms the charge.
func (s *Service) TopUp(ctx context.Context, accountID uuid.UUID, requestKey string, amountCents int64, currency string, pmID *uuid.UUID) (model.Payment, error) {
	if amountCents < 500 || amountCents > 500_000 {
		return model.Payment{}, fmt.Errorf("top-up amount out of range")
	}
	return s.Charge(ctx, ChargeSpec{
		AccountID:       accountID,
		Purpose:         model.PurposeTopUp,
		AmountCents:     amountCents,
		Currency:        currency,
		PaymentMethodID: pmID,
		Description:     "Account credit",
		OperationKey:    "topup:" + accountID.String() + ":" + requestKey,
	})
}
