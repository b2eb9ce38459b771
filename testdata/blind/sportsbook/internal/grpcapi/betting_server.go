package grpcapi

import (
	"context"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"github.com/kickoffbet/sportsbook/internal/betting"
	"github.com/kickoffbet/sportsbook/internal/pb"
)

// BettingServer implements pb.BettingServiceServer.
type BettingServer struct {
	pb.UnimplementedBettingServiceServer

	Bets betting.Service
}

var _ pb.BettingServiceServer = (*BettingServer)(nil)

// PlaceBet places a single bet.
func (s *BettingServer) PlaceBet(ctx context.Context, req *pb.PlaceBetRequest) (*pb.PlaceBetResponse, error) {
	if req.MarketId == "" || req.SelectionId == "" {
		return nil, status.Error(codes.InvalidArgument, "market_id and selection_id are required")
	}
	b, err := s.Bets.PlaceBet(ctx, betting.PlaceBetInput{
		PlayerID:          PlayerID(ctx),
		RequestID:         req.GetRequestId(),
		MarketID:          req.MarketId,
		SelectionID:       req.SelectionId,
		PriceMilli:        req.PriceMilli,
		Stake:             req.Stake,
		FreeBetID:         req.FreeBetId,
		AcceptPriceChange: req.AcceptPriceChange,
	})
	if err != nil {
		return nil, toStatus(err)
	}
	return &pb.PlaceBetResponse{
		BetId:           b.ID,
		Status:          b.Status,
		PriceMilli:      b.PriceMilli,
		Stake:           b.Stake,
		PotentialPayout: b.PotentialPayout,
	}, nil
}

// CancelBet cancels a just-placed bet.
func (s *BettingServer) CancelBet(ctx context.Context, req *pb.CancelBetRequest) (*pb.BetResponse, error) {
	b, err := s.Bets.CancelBet(ctx, PlayerID(ctx), req.BetId)
	if err != nil {
		return nil, toStatus(err)
	}
	return &pb.BetResponse{BetId: b.ID, Status: b.Status, Stake: b.Stake, Payout: b.Payout}, nil
}

// CashOut settles an open bet at the current cash-out offer.
func (s *BettingServer) CashOut(ctx context.Context, req *pb.CashOutRequest) (*pb.CashOutResponse, error) {
	if req.BetId == "" {
		return nil, status.Error(codes.InvalidArgument, "bet_id is required")
	}
	r, err := s.Bets.CashOut(ctx, betting.CashOutInput{
		PlayerID:  PlayerID(ctx),
		BetID:     req.BetId,
		MinAmount: req.MinAmount,
	})
	if err != nil {
		return nil, toStatus(err)
	}
	return &pb.CashOutResponse{BetId: r.BetID, Amount: r.Amount, Status: r.Status}, nil
}
