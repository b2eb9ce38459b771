package rpc

import (
	"context"
	"errors"
	"net"
	"strings"

	"go.uber.org/fx"
	"go.uber.org/zap"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/status"

	"github.com/inkloop/printshop/internal/config"
	"github.com/inkloop/printshop/internal/model"
	"github.com/inkloop/printshop/internal/service"
)

type merchantKey struct{}

func merchantID(ctx context.Context) string {
	m, _ := ctx.Value(merchantKey{}).(*model.Merchant)
	if m == nil {
		return ""
	}
	return m.ID
}

// authInterceptor resolves the merchant from the "authorization" metadata.
func authInterceptor(merchants service.MerchantService) grpc.UnaryServerInterceptor {
	return func(ctx context.Context, req any, info *grpc.UnaryServerInfo, handler grpc.UnaryHandler) (any, error) {
		md, _ := metadata.FromIncomingContext(ctx)
		var key string
		if v := md.Get("authorization"); len(v) > 0 {
			key = strings.TrimPrefix(v[0], "Bearer ")
		}
		m, err := merchants.Authenticate(ctx, key)
		if err != nil {
			return nil, status.Error(codes.Unauthenticated, "invalid credentials")
		}
		return handler(context.WithValue(ctx, merchantKey{}, m), req)
	}
}

func toStatus(err error) error {
	switch {
	case err == nil:
		return nil
	case errors.Is(err, service.ErrNotFound):
		return status.Error(codes.NotFound, err.Error())
	case errors.Is(err, service.ErrInvalid):
		return status.Error(codes.InvalidArgument, err.Error())
	case errors.Is(err, service.ErrConflict):
		return status.Error(codes.FailedPrecondition, err.Error())
	case errors.Is(err, service.ErrForbidden):
		return status.Error(codes.PermissionDenied, err.Error())
	case errors.Is(err, context.DeadlineExceeded):
		return status.Error(codes.DeadlineExceeded, err.Error())
	}
	return status.Error(codes.Internal, "internal error")
}

type HandlerParams struct {
	fx.In

	Fulfilment service.FulfilmentService
	Labels     service.LabelService
	Dashboard  service.DashboardService
	Log        *zap.Logger
}

type Handler struct {
	fulfilment service.FulfilmentService
	labels     service.LabelService
	dashboard  service.DashboardService
	log        *zap.Logger
}

func NewHandler(p HandlerParams) *Handler {
	return &Handler{fulfilment: p.Fulfilment, labels: p.Labels, dashboard: p.Dashboard, log: p.Log.Named("rpc")}
}

func jobOut(j *model.PrintJob) *PrintJob {
	out := &PrintJob{ID: j.ID, OrderID: j.OrderID, Facility: j.Facility, Status: j.Status, Attempt: j.Attempt}
	if j.FacilityJobID != nil {
		out.FacilityJobID = *j.FacilityJobID
	}
	return out
}

func shipmentOut(s *model.Shipment) *Shipment {
	out := &Shipment{ID: s.ID, OrderID: s.OrderID, Kind: s.Kind, Status: s.Status}
	if s.TrackingCode != nil {
		out.TrackingCode = *s.TrackingCode
	}
	if s.LabelURL != nil {
		out.LabelURL = *s.LabelURL
	}
	return out
}

func (h *Handler) ResubmitOrder(ctx context.Context, req *ResubmitOrderRequest) (*PrintJob, error) {
	job, err := h.fulfilment.Resubmit(ctx, merchantID(ctx), req.OrderID, req.ResubmissionToken, req.Reason)
	if err != nil {
		h.log.Warn("resubmit failed", zap.String("order_id", req.OrderID), zap.Error(err))
		return nil, toStatus(err)
	}
	return jobOut(job), nil
}

func (h *Handler) CancelPrintJob(ctx context.Context, req *CancelPrintJobRequest) (*PrintJob, error) {
	job, err := h.fulfilment.CancelJob(ctx, merchantID(ctx), req.PrintJobID)
	if err != nil {
		return nil, toStatus(err)
	}
	return jobOut(job), nil
}

func (h *Handler) ReissueLabel(ctx context.Context, req *ReissueLabelRequest) (*Shipment, error) {
	shp, err := h.labels.Reissue(ctx, merchantID(ctx), req.ShipmentID)
	if err != nil {
		return nil, toStatus(err)
	}
	return shipmentOut(shp), nil
}

func (h *Handler) AdjustWallet(ctx context.Context, req *AdjustWalletRequest) (*AdjustWalletResponse, error) {
	bal, err := h.dashboard.AdjustWallet(ctx, merchantID(ctx), req.AdjustmentID, req.AmountCents, req.Memo)
	if err != nil {
		return nil, toStatus(err)
	}
	return &AdjustWalletResponse{BalanceCents: bal}, nil
}

func (h *Handler) RefundOrder(ctx context.Context, req *RefundOrderRequest) (*RefundOrderResponse, error) {
	mid := merchantID(ctx)
	res, err := h.dashboard.RefundOrder(ctx, mid, req.OrderID, req.IdempotencyKey, req.AmountCents, req.Reason)
	if err != nil {
		return nil, toStatus(err)
	}
	if req.ReturnLabel {
		if err := h.dashboard.RequestReturnLabel(ctx, mid, req.OrderID, req.Reason); err != nil {
			h.log.Warn("queue return label", zap.String("order_id", req.OrderID), zap.Error(err))
		}
	}
	return &RefundOrderResponse{OrderID: res.OrderID, AmountCents: res.AmountCents, BalanceCents: res.BalanceCents}, nil
}

// NewGRPCServer builds the server with auth and registers the dashboard.
func NewGRPCServer(h *Handler, merchants service.MerchantService) *grpc.Server {
	s := grpc.NewServer(grpc.ChainUnaryInterceptor(authInterceptor(merchants)))
	RegisterDashboardServer(s, h)
	return s
}

// Register runs s on cfg.GRPCAddr for the lifetime of the fx app.
func Register(lc fx.Lifecycle, s *grpc.Server, cfg config.Config, log *zap.Logger) {
	lc.Append(fx.Hook{
		OnStart: func(context.Context) error {
			lis, err := net.Listen("tcp", cfg.GRPCAddr)
			if err != nil {
				return err
			}
			go func() {
				if err := s.Serve(lis); err != nil {
					log.Error("grpc serve", zap.Error(err))
				}
			}()
			log.Info("grpc listening", zap.String("addr", cfg.GRPCAddr))
			return nil
		},
		OnStop: func(ctx context.Context) error {
			done := make(chan struct{})
			go func() { s.GracefulStop(); close(done) }()
			select {
			case <-done:
			case <-ctx.Done():
				s.Stop()
			}
			return nil
		},
	})
}
