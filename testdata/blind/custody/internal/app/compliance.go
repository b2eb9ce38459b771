package app

import (
	"context"
	"errors"
	"fmt"
	"log/slog"

	"github.com/google/uuid"
	"github.com/shopspring/decimal"

	"github.com/northvault/custody/internal/config"
	"github.com/northvault/custody/internal/domain"
	"github.com/northvault/custody/internal/ports"
)

// RiskPolicy turns a provider risk score into a decision.
type RiskPolicy struct {
	ReviewAt int
	RejectAt int
}

func (p RiskPolicy) Decide(score int) string {
	switch {
	case score >= p.RejectAt:
		return "reject"
	case score >= p.ReviewAt:
		return "review"
	}
	return "approve"
}

type ComplianceService struct {
	uow      ports.UnitOfWork
	screener ports.Screener
	gateway  ports.TravelRuleGateway
	policy   RiskPolicy
	ourVASP  string
	log      *slog.Logger
}

func NewComplianceService(uow ports.UnitOfWork, sc ports.Screener, tr ports.TravelRuleGateway, cfg config.Config, log *slog.Logger) *ComplianceService {
	return &ComplianceService{
		uow:      uow,
		screener: sc,
		gateway:  tr,
		policy:   RiskPolicy{ReviewAt: 60, RejectAt: 85},
		ourVASP:  cfg.OurVASP,
		log:      log.With("svc", "compliance"),
	}
}

// ScreenAddress screens an address a customer is about to whitelist or pay
// to and stores the latest result.
func (s *ComplianceService) ScreenAddress(ctx context.Context, chain, address string) (domain.Screening, error) {
	res, err := s.screener.AddressRisk(ctx, chain, address)
	if err != nil {
		return domain.Screening{}, err
	}
	return s.uow.Repos().Screening().Upsert(ctx, domain.Screening{
		ID:          uuid.New(),
		SubjectType: "address",
		SubjectID:   chain + ":" + address,
		Chain:       chain,
		Address:     address,
		RiskScore:   res.RiskScore,
		Decision:    s.policy.Decide(res.RiskScore),
		ProviderRef: res.ProviderRef,
	})
}

// ScreenSubject screens the transfer behind a screening request.
func (s *ComplianceService) ScreenSubject(ctx context.Context, req ScreeningRequested) error {
	switch req.SubjectType {
	case "withdrawal":
		id, err := uuid.Parse(req.SubjectID)
		if err != nil {
			return fmt.Errorf("%w: bad withdrawal id %q", domain.ErrInvalidState, req.SubjectID)
		}
		return s.screenWithdrawal(ctx, id)
	case "deposit":
		return s.screenDeposit(ctx, req.SubjectID)
	default:
		s.log.WarnContext(ctx, "unknown screening subject", "type", req.SubjectType)
		return nil
	}
}

func (s *ComplianceService) screenWithdrawal(ctx context.Context, id uuid.UUID) error {
	wd, err := s.uow.Repos().Withdrawals().Get(ctx, id)
	if err != nil {
		return err
	}
	if wd.Status != domain.WithdrawalScreening {
		return nil
	}
	res, err := s.screener.ScreenTransfer(ctx, ports.ScreenRequest{
		Reference: "withdrawal:" + wd.ID.String(),
		Chain:     wd.Chain,
		Address:   wd.ToAddress,
		Asset:     wd.Asset,
		Amount:    wd.Amount,
		Direction: "outbound",
	})
	if err != nil {
		return err
	}
	decision := s.policy.Decide(res.RiskScore)

	return s.uow.Do(ctx, func(ctx context.Context, r ports.Repos) error {
		if _, err := r.Screening().Upsert(ctx, domain.Screening{
			ID:          uuid.New(),
			SubjectType: "withdrawal",
			SubjectID:   wd.ID.String(),
			Chain:       wd.Chain,
			Address:     wd.ToAddress,
			RiskScore:   res.RiskScore,
			Decision:    decision,
			ProviderRef: res.ProviderRef,
		}); err != nil {
			return err
		}
		if decision == "reject" {
			moved, err := r.Withdrawals().Transition(ctx, wd.ID, domain.WithdrawalRejected, domain.WithdrawalScreening)
			if err != nil || !moved {
				return err
			}
			if err := releaseHold(ctx, r, wd, "screening rejected"); err != nil {
				return err
			}
			return r.Outbox().Add(ctx, SubjectNotifyWithdrawal, notice(wd, domain.WithdrawalRejected))
		}
		moved, err := r.Withdrawals().Transition(ctx, wd.ID, domain.WithdrawalPendingApproval, domain.WithdrawalScreening)
		if err != nil || !moved {
			return err
		}
		return r.Outbox().Add(ctx, SubjectNotifyWithdrawal, notice(wd, domain.WithdrawalPendingApproval))
	})
}

func (s *ComplianceService) screenDeposit(ctx context.Context, id string) error {
	dep, err := s.uow.Repos().Deposits().Get(ctx, id)
	if err != nil {
		return err
	}
	res, err := s.screener.ScreenTransfer(ctx, ports.ScreenRequest{
		Reference: "deposit:" + dep.ID,
		Chain:     dep.Chain,
		Address:   dep.Address,
		Amount:    dep.Amount,
		Direction: "inbound",
	})
	if err != nil {
		return err
	}
	_, err = s.uow.Repos().Screening().Upsert(ctx, domain.Screening{
		ID:          uuid.New(),
		SubjectType: "deposit",
		SubjectID:   dep.ID,
		Chain:       dep.Chain,
		Address:     dep.Address,
		RiskScore:   res.RiskScore,
		Decision:    s.policy.Decide(res.RiskScore),
		ProviderRef: res.ProviderRef,
	})
	return err
}

type InboundTravelRule struct {
	OriginatorVASP     string          `json:"originator_vasp"`
	TransferID         string          `json:"transfer_id"`
	Asset              string          `json:"asset"`
	Chain              string          `json:"chain"`
	Amount             decimal.Decimal `json:"amount"`
	BeneficiaryAddress string          `json:"beneficiary_address"`
	BeneficiaryName    string          `json:"beneficiary_name"`
	OriginatorName     string          `json:"originator_name"`
	Raw                []byte          `json:"-"`
}

// ReceiveInbound stores a travel-rule message sent to us by the originating
// VASP of an incoming deposit.
func (s *ComplianceService) ReceiveInbound(ctx context.Context, in InboundTravelRule) (uuid.UUID, error) {
	if in.OriginatorVASP == "" || in.TransferID == "" {
		return uuid.Nil, fmt.Errorf("%w: originator_vasp and transfer_id are required", domain.ErrInvalidState)
	}
	msg := domain.TravelRuleInbound{
		ID:             uuid.New(),
		OriginatorVASP: in.OriginatorVASP,
		TransferID:     in.TransferID,
		Asset:          in.Asset,
		Amount:         in.Amount,
		Beneficiary:    in.BeneficiaryAddress,
		Payload:        in.Raw,
	}
	err := s.uow.Do(ctx, func(ctx context.Context, r ports.Repos) error {
		if _, err := r.Addresses().GetByAddress(ctx, in.Chain, in.BeneficiaryAddress); err != nil {
			return err
		}
		return r.TravelRule().InsertInbound(ctx, msg)
	})
	return msg.ID, err
}

// SendTravelRule submits the originator/beneficiary data of a broadcast
// withdrawal to the beneficiary's VASP.
func (s *ComplianceService) SendTravelRule(ctx context.Context, withdrawalID uuid.UUID) error {
	repos := s.uow.Repos()
	wd, err := repos.Withdrawals().Get(ctx, withdrawalID)
	if err != nil {
		return err
	}
	if wd.BeneficiaryVASP == "" {
		return nil
	}
	prev, err := repos.TravelRule().GetOutbound(ctx, wd.ID)
	switch {
	case err == nil && prev.Status == "accepted":
		return nil
	case err != nil && !errors.Is(err, domain.ErrNotFound):
		return err
	}
	cust, err := repos.Customers().Get(ctx, wd.CustomerID)
	if err != nil {
		return err
	}

	receipt, err := s.gateway.Submit(ctx, ports.TravelRuleTransfer{
		Originator:  ports.TravelRuleParty{Name: cust.DisplayName, AccountNumber: wd.WalletID.String(), VASP: s.ourVASP},
		Beneficiary: ports.TravelRuleParty{Name: wd.BeneficiaryName, AccountNumber: wd.ToAddress, VASP: wd.BeneficiaryVASP},
		Asset:       wd.Asset,
		Amount:      wd.Amount,
		TxHash:      wd.TxHash,
	})
	if err != nil {
		return fmt.Errorf("travel rule for %s: %w", wd.ID, err)
	}
	return repos.TravelRule().UpsertOutbound(ctx, domain.TravelRuleOutbound{
		ID:              uuid.New(),
		WithdrawalID:    wd.ID,
		BeneficiaryVASP: wd.BeneficiaryVASP,
		Status:          receipt.Status,
		ProviderRef:     receipt.TransferID,
	})
}
