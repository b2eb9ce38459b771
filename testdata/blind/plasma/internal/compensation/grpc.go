package compensation

import (
	"context"

	"google.golang.org/grpc"

	"github.com/veinline/plasmaops/internal/platform/apperr"
	"github.com/veinline/plasmaops/internal/platform/grpcx"
)

// ServiceName is the fully-qualified gRPC service name.
const ServiceName = "plasmaops.compensation.v1.CompensationService"

type CardMessage struct {
	ID                string `json:"id"`
	DonorID           string `json:"donor_id"`
	Last4             string `json:"last4"`
	Status            string `json:"status"`
	SettledTotalCents int64  `json:"settled_total_cents"`
}

func toCardMessage(c Card) *CardMessage {
	return &CardMessage{
		ID:                c.ID,
		DonorID:           c.DonorID,
		Last4:             c.Last4,
		Status:            c.Status,
		SettledTotalCents: c.SettledTotalCents,
	}
}

type IssueCardRequest struct {
	DonorID string `json:"donor_id"`
	Form    string `json:"form"`
}

type ReissueCardRequest struct {
	DonorID   string `json:"donor_id"`
	RequestID string `json:"request_id"`
}

type CardResponse struct {
	Card *CardMessage `json:"card"`
}

type AdjustBalanceRequest struct {
	DonorID     string `json:"donor_id"`
	AmountCents int64  `json:"amount_cents"`
	ReasonCode  string `json:"reason_code"`
	Note        string `json:"note"`
}

type AdjustBalanceResponse struct {
	AdjustmentID string `json:"adjustment_id"`
	PayoutID     string `json:"payout_id"`
	AmountCents  int64  `json:"amount_cents"`
}

type GetBalanceRequest struct {
	DonorID string `json:"donor_id"`
}

// CompensationServiceServer is the hand-written server interface.
type CompensationServiceServer interface {
	IssueCard(context.Context, *IssueCardRequest) (*CardResponse, error)
	ReissueCard(context.Context, *ReissueCardRequest) (*CardResponse, error)
	AdjustBalance(context.Context, *AdjustBalanceRequest) (*AdjustBalanceResponse, error)
	GetBalance(context.Context, *GetBalanceRequest) (*CardResponse, error)
}

// Handler implements CompensationServiceServer.
type Handler struct {
	svc Service
}

// NewHandler returns the gRPC handler.
func NewHandler(svc Service) *Handler { return &Handler{svc: svc} }

func requireStaff(ctx context.Context, roles ...string) (grpcx.Staff, error) {
	s, ok := grpcx.StaffFrom(ctx)
	if !ok {
		return grpcx.Staff{}, apperr.Unauthenticated("no staff identity")
	}
	if len(roles) == 0 {
		return s, nil
	}
	for _, r := range roles {
		if s.Role == r {
			return s, nil
		}
	}
	return grpcx.Staff{}, apperr.Precondition("role %s may not perform this action", s.Role)
}

func (h *Handler) IssueCard(ctx context.Context, req *IssueCardRequest) (*CardResponse, error) {
	staff, err := requireStaff(ctx)
	if err != nil {
		return nil, err
	}
	c, err := h.svc.IssueCard(ctx, IssueCardInput{DonorID: req.DonorID, Form: req.Form, RequestedBy: staff.ID})
	if err != nil {
		return nil, err
	}
	return &CardResponse{Card: toCardMessage(c)}, nil
}

func (h *Handler) ReissueCard(ctx context.Context, req *ReissueCardRequest) (*CardResponse, error) {
	staff, err := requireStaff(ctx)
	if err != nil {
		return nil, err
	}
	c, err := h.svc.ReissueCard(ctx, ReissueCardInput{DonorID: req.DonorID, RequestID: req.RequestID, RequestedBy: staff.ID})
	if err != nil {
		return nil, err
	}
	return &CardResponse{Card: toCardMessage(c)}, nil
}

func (h *Handler) AdjustBalance(ctx context.Context, req *AdjustBalanceRequest) (*AdjustBalanceResponse, error) {
	staff, err := requireStaff(ctx, "centre_manager", "finance")
	if err != nil {
		return nil, err
	}
	adj, err := h.svc.AdjustBalance(ctx, AdjustmentInput{
		DonorID:     req.DonorID,
		AmountCents: req.AmountCents,
		ReasonCode:  req.ReasonCode,
		Note:        req.Note,
		ApprovedBy:  staff.ID,
	})
	if err != nil {
		return nil, err
	}
	return &AdjustBalanceResponse{AdjustmentID: adj.ID, PayoutID: adj.PayoutID, AmountCents: adj.AmountCents}, nil
}

func (h *Handler) GetBalance(ctx context.Context, req *GetBalanceRequest) (*CardResponse, error) {
	c, err := h.svc.Balance(ctx, req.DonorID)
	if err != nil {
		if err == ErrNoLiveCard {
			return nil, apperr.NotFound("donor %s has no card", req.DonorID)
		}
		return nil, err
	}
	return &CardResponse{Card: toCardMessage(c)}, nil
}

// GRPCService describes CompensationService for registration.
func GRPCService(h *Handler) grpcx.Service {
	var s CompensationServiceServer = h
	return grpcx.Service{
		Desc: &grpc.ServiceDesc{
			ServiceName: ServiceName,
			HandlerType: (*CompensationServiceServer)(nil),
			Methods: []grpc.MethodDesc{
				grpcx.Unary(ServiceName, "IssueCard", s.IssueCard),
				grpcx.Unary(ServiceName, "ReissueCard", s.ReissueCard),
				grpcx.Unary(ServiceName, "AdjustBalance", s.AdjustBalance),
				grpcx.Unary(ServiceName, "GetBalance", s.GetBalance),
			},
			Metadata: "plasmaops/compensation/v1/compensation.proto",
		},
		Impl: s,
	}
}

// AdjustBalanceIdempotency opts AdjustBalance into response replay: the
// finance console always sends an idempotency-key.
func AdjustBalanceIdempotency() grpcx.IdempotentMethod {
	return grpcx.IdempotentMethod{
		FullMethod:  "/" + ServiceName + "/AdjustBalance",
		NewResponse: func() any { return new(AdjustBalanceResponse) },
		Required:    true,
	}
}
