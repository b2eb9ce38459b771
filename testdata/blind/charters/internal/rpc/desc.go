package rpc

import (
	"context"

	"google.golang.org/grpc"
)

const serviceName = "charterhub.v1.Charters"

// ChartersServer is the API surface. Server implements it.
type ChartersServer interface {
	CreateListing(context.Context, *CreateListingRequest) (*Boat, error)
	ScheduleTrip(context.Context, *ScheduleTripRequest) (*Trip, error)
	ListTrips(context.Context, *ListTripsRequest) (*ListTripsResponse, error)
	HoldTrip(context.Context, *HoldTripRequest) (*HoldTripResponse, error)
	ReleaseHold(context.Context, *ReleaseHoldRequest) (*Empty, error)
	BookTrip(context.Context, *BookTripRequest) (*BookTripResponse, error)
	ChargeBalance(context.Context, *ChargeBalanceRequest) (*ChargeBalanceResponse, error)
	RequestBerth(context.Context, *RequestBerthRequest) (*RequestBerthResponse, error)
	AssignCrew(context.Context, *AssignCrewRequest) (*Empty, error)
	AddExtra(context.Context, *AddExtraRequest) (*AddExtraResponse, error)
	OrderFuel(context.Context, *OrderFuelRequest) (*OrderFuelResponse, error)
	CancelTrip(context.Context, *CancelTripRequest) (*CancelTripResponse, error)
	BillTripFees(context.Context, *BillTripFeesRequest) (*BillTripFeesResponse, error)
}

// FullMethod returns the gRPC path for a method name.
func FullMethod(name string) string { return "/" + serviceName + "/" + name }

// unary adapts a typed method to grpc.MethodDesc, doing what protoc-gen-go-grpc
// would otherwise generate per method.
func unary[Req, Resp any](name string, call func(ChartersServer, context.Context, *Req) (*Resp, error)) grpc.MethodDesc {
	full := FullMethod(name)
	return grpc.MethodDesc{
		MethodName: name,
		Handler: func(srv any, ctx context.Context, dec func(any) error, interceptor grpc.UnaryServerInterceptor) (any, error) {
			in := new(Req)
			if err := dec(in); err != nil {
				return nil, err
			}
			if interceptor == nil {
				return call(srv.(ChartersServer), ctx, in)
			}
			info := &grpc.UnaryServerInfo{Server: srv, FullMethod: full}
			handler := func(ctx context.Context, req any) (any, error) {
				return call(srv.(ChartersServer), ctx, req.(*Req))
			}
			return interceptor(ctx, in, info, handler)
		},
	}
}

var chartersServiceDesc = grpc.ServiceDesc{
	ServiceName: serviceName,
	HandlerType: (*ChartersServer)(nil),
	Methods: []grpc.MethodDesc{
		unary("CreateListing", ChartersServer.CreateListing),
		unary("ScheduleTrip", ChartersServer.ScheduleTrip),
		unary("ListTrips", ChartersServer.ListTrips),
		unary("HoldTrip", ChartersServer.HoldTrip),
		unary("ReleaseHold", ChartersServer.ReleaseHold),
		unary("BookTrip", ChartersServer.BookTrip),
		unary("ChargeBalance", ChartersServer.ChargeBalance),
		unary("RequestBerth", ChartersServer.RequestBerth),
		unary("AssignCrew", ChartersServer.AssignCrew),
		unary("AddExtra", ChartersServer.AddExtra),
		unary("OrderFuel", ChartersServer.OrderFuel),
		unary("CancelTrip", ChartersServer.CancelTrip),
		unary("BillTripFees", ChartersServer.BillTripFees),
	},
	Streams:  []grpc.StreamDesc{},
	Metadata: "charterhub/v1/charters.json",
}

// RegisterChartersServer attaches srv to s.
func RegisterChartersServer(s grpc.ServiceRegistrar, srv ChartersServer) {
	s.RegisterService(&chartersServiceDesc, srv)
}
