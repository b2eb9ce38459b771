package rpc

import (
	"context"

	"connectrpc.com/connect"

	escrowv1 "github.com/gigbridge/escrow/internal/gen/escrow/v1"
	"github.com/gigbridge/escrow/internal/gen/escrow/v1/escrowv1connect"
	"github.com/gigbridge/escrow/internal/service"
)

// EscrowHandler serves gigbridge.escrow.v1.EscrowService.
type EscrowHandler struct {
	milestones service.Milestones
	work       service.Work
}

var _ escrowv1connect.EscrowServiceHandler = (*EscrowHandler)(nil)

func NewEscrowHandler(milestones service.Milestones, work service.Work) *EscrowHandler {
	return &EscrowHandler{milestones: milestones, work: work}
}

func (h *EscrowHandler) CreateMilestone(ctx context.Context, req *connect.Request[escrowv1.CreateMilestoneRequest]) (*connect.Response[escrowv1.CreateMilestoneResponse], error) {
	dueAt, err := parseTime(req.Msg.DueAt)
	if err != nil {
		return nil, invalidArg("due_at must be RFC 3339")
	}
	v, err := h.milestones.CreateMilestone(ctx, service.NewMilestone{
		ContractID:  req.Msg.ContractId,
		Title:       req.Msg.Title,
		Description: req.Msg.Description,
		AmountMinor: req.Msg.AmountMinor,
		DueAt:       dueAt,
	})
	if err != nil {
		return nil, toConnect(ctx, err)
	}
	return connect.NewResponse(&escrowv1.CreateMilestoneResponse{Milestone: toMilestone(v)}), nil
}

func (h *EscrowHandler) FundMilestone(ctx context.Context, req *connect.Request[escrowv1.FundMilestoneRequest]) (*connect.Response[escrowv1.FundMilestoneResponse], error) {
	key := req.Msg.IdempotencyKey
	if key == "" {
		key = req.Header().Get("Idempotency-Key")
	}
	intent, err := h.milestones.FundMilestone(ctx, service.FundInput{
		MilestoneID:     req.Msg.MilestoneId,
		PaymentMethodID: req.Msg.PaymentMethodId,
		IdempotencyKey:  key,
	})
	if err != nil {
		return nil, toConnect(ctx, err)
	}
	return connect.NewResponse(&escrowv1.FundMilestoneResponse{
		FundingIntentId: intent.ID,
		Status:          intent.Status,
		ChargeId:        intent.ProviderChargeID,
	}), nil
}

func (h *EscrowHandler) SubmitWork(ctx context.Context, req *connect.Request[escrowv1.SubmitWorkRequest]) (*connect.Response[escrowv1.SubmitWorkResponse], error) {
	sub, err := h.work.SubmitWork(ctx, service.SubmitInput{
		MilestoneID:   req.Msg.MilestoneId,
		SubmissionRef: req.Msg.SubmissionRef,
		Note:          req.Msg.Note,
		FileURLs:      req.Msg.FileUrls,
	})
	if err != nil {
		return nil, toConnect(ctx, err)
	}
	return connect.NewResponse(&escrowv1.SubmitWorkResponse{Submission: toSubmission(sub)}), nil
}

func (h *EscrowHandler) RequestChanges(ctx context.Context, req *connect.Request[escrowv1.RequestChangesRequest]) (*connect.Response[escrowv1.RequestChangesResponse], error) {
	if req.Msg.SubmissionId == "" {
		return nil, invalidArg("submission_id is required")
	}
	sub, err := h.work.RequestChanges(ctx, service.RequestChangesInput{
		SubmissionID: req.Msg.SubmissionId,
		ReviewerID:   req.Msg.ReviewerId,
		Note:         req.Msg.Note,
	})
	if err != nil {
		return nil, toConnect(ctx, err)
	}
	return connect.NewResponse(&escrowv1.RequestChangesResponse{Submission: toSubmission(sub)}), nil
}

func (h *EscrowHandler) ApproveMilestone(ctx context.Context, req *connect.Request[escrowv1.ApproveMilestoneRequest]) (*connect.Response[escrowv1.ApproveMilestoneResponse], error) {
	res, err := h.work.Approve(ctx, service.ApproveInput{
		MilestoneID: req.Msg.MilestoneId,
		ApproverID:  req.Msg.ApproverId,
		AmountMinor: req.Msg.AmountMinor,
	})
	if err != nil {
		return nil, toConnect(ctx, err)
	}
	return connect.NewResponse(&escrowv1.ApproveMilestoneResponse{
		Milestone:             toMilestone(service.MilestoneView{Milestone: res.Milestone}),
		ReleaseScheduledMinor: res.ScheduledMinor,
	}), nil
}

func (h *EscrowHandler) CancelMilestone(ctx context.Context, req *connect.Request[escrowv1.CancelMilestoneRequest]) (*connect.Response[escrowv1.CancelMilestoneResponse], error) {
	v, err := h.milestones.CancelMilestone(ctx, req.Msg.MilestoneId, req.Msg.Reason)
	if err != nil {
		return nil, toConnect(ctx, err)
	}
	return connect.NewResponse(&escrowv1.CancelMilestoneResponse{Milestone: toMilestone(v)}), nil
}

func (h *EscrowHandler) GetMilestone(ctx context.Context, req *connect.Request[escrowv1.GetMilestoneRequest]) (*connect.Response[escrowv1.GetMilestoneResponse], error) {
	v, entries, err := h.milestones.GetMilestone(ctx, req.Msg.MilestoneId)
	if err != nil {
		return nil, toConnect(ctx, err)
	}
	return connect.NewResponse(&escrowv1.GetMilestoneResponse{Milestone: toMilestone(v), Ledger: toLedger(entries)}), nil
}
