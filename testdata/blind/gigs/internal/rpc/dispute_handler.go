package rpc

import (
	"context"

	"connectrpc.com/connect"

	escrowv1 "github.com/gigbridge/escrow/internal/gen/escrow/v1"
	"github.com/gigbridge/escrow/internal/gen/escrow/v1/escrowv1connect"
	"github.com/gigbridge/escrow/internal/idem"
	"github.com/gigbridge/escrow/internal/service"
)

// DisputeHandler serves gigbridge.escrow.v1.DisputeService.
type DisputeHandler struct {
	disputes service.Disputes
	keys     idem.KeyStore
}

var _ escrowv1connect.DisputeServiceHandler = (*DisputeHandler)(nil)

func NewDisputeHandler(disputes service.Disputes, keys idem.KeyStore) *DisputeHandler {
	return &DisputeHandler{disputes: disputes, keys: keys}
}

func (h *DisputeHandler) OpenDispute(ctx context.Context, req *connect.Request[escrowv1.OpenDisputeRequest]) (*connect.Response[escrowv1.OpenDisputeResponse], error) {
	d, err := h.disputes.Open(ctx, service.OpenDisputeInput{
		MilestoneID: req.Msg.MilestoneId,
		OpenedBy:    req.Msg.OpenedBy,
		Reason:      req.Msg.Reason,
	})
	if err != nil {
		return nil, toConnect(ctx, err)
	}
	return connect.NewResponse(&escrowv1.OpenDisputeResponse{Dispute: toDispute(d)}), nil
}

func (h *DisputeHandler) AddEvidence(ctx context.Context, req *connect.Request[escrowv1.AddEvidenceRequest]) (*connect.Response[escrowv1.AddEvidenceResponse], error) {
	n, err := h.disputes.AddEvidence(ctx, service.EvidenceInput{
		EvidenceID:  req.Msg.EvidenceId,
		DisputeID:   req.Msg.DisputeId,
		SubmittedBy: req.Msg.SubmittedBy,
		URL:         req.Msg.Url,
		Note:        req.Msg.Note,
	})
	if err != nil {
		return nil, toConnect(ctx, err)
	}
	return connect.NewResponse(&escrowv1.AddEvidenceResponse{EvidenceId: req.Msg.EvidenceId, EvidenceCount: int32(n)}), nil
}

// ResolveDispute is called from the admin console, which sends an
// idempotency key per decision; repeated keys replay the first response.
func (h *DisputeHandler) ResolveDispute(ctx context.Context, req *connect.Request[escrowv1.ResolveDisputeRequest]) (*connect.Response[escrowv1.ResolveDisputeResponse], error) {
	if req.Msg.IdempotencyKey == "" {
		return nil, invalidArg("idempotency_key is required")
	}
	key := idem.Scope("resolve_dispute", req.Msg.IdempotencyKey)
	out, err := idem.Once(ctx, h.keys, key, func(ctx context.Context) (*escrowv1.ResolveDisputeResponse, error) {
		d, err := h.disputes.Resolve(ctx, service.ResolveInput{
			DisputeID:      req.Msg.DisputeId,
			ClientShareBps: int(req.Msg.ClientShareBps),
			Note:           req.Msg.Note,
			ResolvedBy:     req.Msg.ResolvedBy,
		})
		if err != nil {
			return nil, err
		}
		return &escrowv1.ResolveDisputeResponse{Dispute: toDispute(d)}, nil
	})
	if err != nil {
		return nil, toConnect(ctx, err)
	}
	return connect.NewResponse(out), nil
}
