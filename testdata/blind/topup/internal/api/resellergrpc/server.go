package resellergrpc

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"log/slog"
	"time"

	"github.com/google/uuid"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/status"

	"github.com/example/topup/internal/commands"
	"github.com/example/topup/internal/domain"
	"github.com/example/topup/internal/ledger"
	"github.com/example/topup/internal/reseller"
	"github.com/example/topup/internal/store/sqlxstore"
)

// Server implements ResellerServiceServer by delegating each RPC to a command
// handler.
type Server struct {
	UnimplementedResellerServiceServer

	submitBatch commands.Handler[reseller.SubmitBatchCommand, *domain.Batch]
	cancelBatch commands.Handler[reseller.CancelBatchCommand, *domain.Batch]
	fundWallet  commands.Handler[reseller.FundWalletCommand, *reseller.FundWalletResult]
	transfer    commands.Handler[reseller.TransferCommand, *ledger.Transfer]
}

type Deps struct {
	Batches *reseller.BatchService
	Wallets *reseller.WalletService
	Log     *slog.Logger
}

func NewServer(d Deps) *Server {
	log := d.Log.With("api", "reseller-grpc")
	return &Server{
		submitBatch: commands.Build("SubmitBatch", log, 30*time.Second, d.Batches.Submit),
		cancelBatch: commands.Build("CancelBatch", log, 10*time.Second, d.Batches.Cancel),
		fundWallet:  commands.Build("FundWallet", log, 30*time.Second, d.Wallets.Fund),
		transfer:    commands.Build("TransferCredit", log, 10*time.Second, d.Wallets.Transfer),
	}
}

func (s *Server) SubmitBatch(ctx context.Context, in *SubmitBatchRequest) (*BatchReply, error) {
	resellerID, err := resellerFrom(ctx)
	if err != nil {
		return nil, err
	}
	lines := make([]reseller.BatchLine, len(in.Lines))
	for i, l := range in.Lines {
		lines[i] = reseller.BatchLine{MSISDN: l.Msisdn, Operator: l.Operator, AmountCents: l.AmountCents}
	}
	b, err := s.submitBatch.Handle(ctx, reseller.SubmitBatchCommand{
		ResellerID:  resellerID,
		ResellerRef: in.BatchRef,
		Lines:       lines,
	})
	if err != nil {
		return nil, toStatus(err)
	}
	return batchReply(b), nil
}

func (s *Server) CancelBatch(ctx context.Context, in *CancelBatchRequest) (*BatchReply, error) {
	resellerID, err := resellerFrom(ctx)
	if err != nil {
		return nil, err
	}
	id, err := uuid.Parse(in.BatchId)
	if err != nil {
		return nil, status.Error(codes.InvalidArgument, "batch_id must be a UUID")
	}
	b, err := s.cancelBatch.Handle(ctx, reseller.CancelBatchCommand{ResellerID: resellerID, BatchID: id})
	if err != nil {
		return nil, toStatus(err)
	}
	return batchReply(b), nil
}

func (s *Server) FundWallet(ctx context.Context, in *FundWalletRequest) (*FundWalletReply, error) {
	resellerID, err := resellerFrom(ctx)
	if err != nil {
		return nil, err
	}
	res, err := s.fundWallet.Handle(ctx, reseller.FundWalletCommand{
		ResellerID:    resellerID,
		RequestID:     in.RequestId,
		AmountCents:   in.AmountCents,
		PaymentMethod: in.PaymentMethod,
	})
	if err != nil {
		return nil, toStatus(err)
	}
	return &FundWalletReply{FundingId: res.FundingID.String(), Status: res.Status, BalanceCents: res.BalanceCents}, nil
}

func (s *Server) TransferCredit(ctx context.Context, in *TransferCreditRequest) (*TransferCreditReply, error) {
	resellerID, err := resellerFrom(ctx)
	if err != nil {
		return nil, err
	}
	to, err := uuid.Parse(in.ToResellerId)
	if err != nil {
		return nil, status.Error(codes.InvalidArgument, "to_reseller_id must be a UUID")
	}
	t, err := s.transfer.Handle(ctx, reseller.TransferCommand{
		FromResellerID: resellerID,
		ToResellerID:   to,
		AmountCents:    in.AmountCents,
		TransferRef:    in.TransferRef,
	})
	if err != nil {
		return nil, toStatus(err)
	}
	return &TransferCreditReply{TransferId: t.ID.String(), TransferRef: t.TransferRef, AmountCents: t.AmountCents}, nil
}

func batchReply(b *domain.Batch) *BatchReply {
	return &BatchReply{
		BatchId:    b.ID.String(),
		BatchRef:   b.ResellerRef,
		Status:     b.Status,
		ItemCount:  int32(b.ItemCount),
		TotalCents: b.TotalCents,
	}
}

func toStatus(err error) error {
	switch {
	case errors.Is(err, domain.ErrValidation):
		return status.Error(codes.InvalidArgument, err.Error())
	case errors.Is(err, domain.ErrNotFound):
		return status.Error(codes.NotFound, err.Error())
	case errors.Is(err, domain.ErrInsufficient):
		return status.Error(codes.FailedPrecondition, err.Error())
	case errors.Is(err, domain.ErrInvalidState), errors.Is(err, domain.ErrConflict):
		return status.Error(codes.Aborted, err.Error())
	case errors.Is(err, context.DeadlineExceeded):
		return status.Error(codes.DeadlineExceeded, err.Error())
	default:
		return status.Error(codes.Internal, err.Error())
	}
}

type resellerKey struct{}

func resellerFrom(ctx context.Context) (uuid.UUID, error) {
	id, ok := ctx.Value(resellerKey{}).(uuid.UUID)
	if !ok {
		return uuid.Nil, status.Error(codes.Unauthenticated, "unauthenticated")
	}
	return id, nil
}

type keyLookup interface {
	ByAPIKeyHash(ctx context.Context, q sqlxstore.Queryer, sha string) (*domain.Reseller, error)
}

// AuthInterceptor resolves the x-api-key metadata to a reseller.
func AuthInterceptor(db sqlxstore.Queryer, resellers keyLookup) grpc.UnaryServerInterceptor {
	return func(ctx context.Context, req any, info *grpc.UnaryServerInfo, handler grpc.UnaryHandler) (any, error) {
		md, _ := metadata.FromIncomingContext(ctx)
		keys := md.Get("x-api-key")
		if len(keys) == 0 || keys[0] == "" {
			return nil, status.Error(codes.Unauthenticated, "missing x-api-key")
		}
		sum := sha256.Sum256([]byte(keys[0]))
		r, err := resellers.ByAPIKeyHash(ctx, db, hex.EncodeToString(sum[:]))
		if err != nil {
			return nil, status.Error(codes.Unauthenticated, "invalid api key")
		}
		return handler(context.WithValue(ctx, resellerKey{}, r.ID), req)
	}
}

// NewGRPCServer builds the grpc.Server with the reseller service registered.
func NewGRPCServer(srv ResellerServiceServer, auth grpc.UnaryServerInterceptor) *grpc.Server {
	g := grpc.NewServer(
		grpc.ForceServerCodec(JSONCodec{}),
		grpc.ChainUnaryInterceptor(auth),
	)
	RegisterResellerServiceServer(g, srv)
	return g
}
