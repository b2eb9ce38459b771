package dronepb

import (
	"context"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
)

// unaryHandler builds a grpc.MethodDesc handler for one RPC, in the shape of
// the generated _Service_Method_Handler functions.
func unaryHandler[Req any, Resp any, Srv any](fullMethod string, call func(Srv, context.Context, *Req) (*Resp, error)) grpc.MethodHandler {
	return func(srv any, ctx context.Context, dec func(any) error, interceptor grpc.UnaryServerInterceptor) (any, error) {
		in := new(Req)
		if err := dec(in); err != nil {
			return nil, err
		}
		if interceptor == nil {
			return call(srv.(Srv), ctx, in)
		}
		info := &grpc.UnaryServerInfo{Server: srv, FullMethod: fullMethod}
		handler := func(ctx context.Context, req any) (any, error) {
			return call(srv.(Srv), ctx, req.(*Req))
		}
		return interceptor(ctx, in, info, handler)
	}
}

// ---- skyhop.dispatch.v1.DeliveryService ----

type DeliveryServiceServer interface {
	CreateOrder(context.Context, *CreateOrderRequest) (*CreateOrderResponse, error)
	UpgradeToExpress(context.Context, *UpgradeToExpressRequest) (*UpgradeToExpressResponse, error)
	SubmitProofOfDelivery(context.Context, *SubmitProofOfDeliveryRequest) (*SubmitProofOfDeliveryResponse, error)
}

type UnimplementedDeliveryServiceServer struct{}

func (UnimplementedDeliveryServiceServer) CreateOrder(context.Context, *CreateOrderRequest) (*CreateOrderResponse, error) {
	return nil, status.Error(codes.Unimplemented, "method CreateOrder not implemented")
}
func (UnimplementedDeliveryServiceServer) UpgradeToExpress(context.Context, *UpgradeToExpressRequest) (*UpgradeToExpressResponse, error) {
	return nil, status.Error(codes.Unimplemented, "method UpgradeToExpress not implemented")
}
func (UnimplementedDeliveryServiceServer) SubmitProofOfDelivery(context.Context, *SubmitProofOfDeliveryRequest) (*SubmitProofOfDeliveryResponse, error) {
	return nil, status.Error(codes.Unimplemented, "method SubmitProofOfDelivery not implemented")
}

const deliveryService = "skyhop.dispatch.v1.DeliveryService"

var DeliveryService_ServiceDesc = grpc.ServiceDesc{
	ServiceName: deliveryService,
	HandlerType: (*DeliveryServiceServer)(nil),
	Methods: []grpc.MethodDesc{
		{MethodName: "CreateOrder", Handler: unaryHandler("/"+deliveryService+"/CreateOrder", DeliveryServiceServer.CreateOrder)},
		{MethodName: "UpgradeToExpress", Handler: unaryHandler("/"+deliveryService+"/UpgradeToExpress", DeliveryServiceServer.UpgradeToExpress)},
		{MethodName: "SubmitProofOfDelivery", Handler: unaryHandler("/"+deliveryService+"/SubmitProofOfDelivery", DeliveryServiceServer.SubmitProofOfDelivery)},
	},
	Metadata: "skyhop/dispatch/v1/delivery.proto",
}

func RegisterDeliveryServiceServer(s grpc.ServiceRegistrar, srv DeliveryServiceServer) {
	s.RegisterService(&DeliveryService_ServiceDesc, srv)
}

// ---- skyhop.dispatch.v1.FlightService ----

type FlightServiceServer interface {
	FilePlan(context.Context, *FilePlanRequest) (*FilePlanResponse, error)
	CancelPlan(context.Context, *CancelPlanRequest) (*CancelPlanResponse, error)
}

type UnimplementedFlightServiceServer struct{}

func (UnimplementedFlightServiceServer) FilePlan(context.Context, *FilePlanRequest) (*FilePlanResponse, error) {
	return nil, status.Error(codes.Unimplemented, "method FilePlan not implemented")
}
func (UnimplementedFlightServiceServer) CancelPlan(context.Context, *CancelPlanRequest) (*CancelPlanResponse, error) {
	return nil, status.Error(codes.Unimplemented, "method CancelPlan not implemented")
}

const flightService = "skyhop.dispatch.v1.FlightService"

var FlightService_ServiceDesc = grpc.ServiceDesc{
	ServiceName: flightService,
	HandlerType: (*FlightServiceServer)(nil),
	Methods: []grpc.MethodDesc{
		{MethodName: "FilePlan", Handler: unaryHandler("/"+flightService+"/FilePlan", FlightServiceServer.FilePlan)},
		{MethodName: "CancelPlan", Handler: unaryHandler("/"+flightService+"/CancelPlan", FlightServiceServer.CancelPlan)},
	},
	Metadata: "skyhop/dispatch/v1/flight.proto",
}

func RegisterFlightServiceServer(s grpc.ServiceRegistrar, srv FlightServiceServer) {
	s.RegisterService(&FlightService_ServiceDesc, srv)
}

// ---- skyhop.dispatch.v1.DepotService ----

type DepotServiceServer interface {
	RecordBatterySwap(context.Context, *RecordBatterySwapRequest) (*RecordBatterySwapResponse, error)
	ReportSlots(context.Context, *ReportSlotsRequest) (*ReportSlotsResponse, error)
}

type UnimplementedDepotServiceServer struct{}

func (UnimplementedDepotServiceServer) RecordBatterySwap(context.Context, *RecordBatterySwapRequest) (*RecordBatterySwapResponse, error) {
	return nil, status.Error(codes.Unimplemented, "method RecordBatterySwap not implemented")
}
func (UnimplementedDepotServiceServer) ReportSlots(context.Context, *ReportSlotsRequest) (*ReportSlotsResponse, error) {
	return nil, status.Error(codes.Unimplemented, "method ReportSlots not implemented")
}

const depotService = "skyhop.dispatch.v1.DepotService"

var DepotService_ServiceDesc = grpc.ServiceDesc{
	ServiceName: depotService,
	HandlerType: (*DepotServiceServer)(nil),
	Methods: []grpc.MethodDesc{
		{MethodName: "RecordBatterySwap", Handler: unaryHandler("/"+depotService+"/RecordBatterySwap", DepotServiceServer.RecordBatterySwap)},
		{MethodName: "ReportSlots", Handler: unaryHandler("/"+depotService+"/ReportSlots", DepotServiceServer.ReportSlots)},
	},
	Metadata: "skyhop/dispatch/v1/depot.proto",
}

func RegisterDepotServiceServer(s grpc.ServiceRegistrar, srv DepotServiceServer) {
	s.RegisterService(&DepotService_ServiceDesc, srv)
}

// ---- skyhop.dispatch.v1.BillingService ----

type BillingServiceServer interface {
	RequestRefund(context.Context, *RequestRefundRequest) (*RequestRefundResponse, error)
}

type UnimplementedBillingServiceServer struct{}

func (UnimplementedBillingServiceServer) RequestRefund(context.Context, *RequestRefundRequest) (*RequestRefundResponse, error) {
	return nil, status.Error(codes.Unimplemented, "method RequestRefund not implemented")
}

const billingService = "skyhop.dispatch.v1.BillingService"

var BillingService_ServiceDesc = grpc.ServiceDesc{
	ServiceName: billingService,
	HandlerType: (*BillingServiceServer)(nil),
	Methods: []grpc.MethodDesc{
		{MethodName: "RequestRefund", Handler: unaryHandler("/"+billingService+"/RequestRefund", BillingServiceServer.RequestRefund)},
	},
	Metadata: "skyhop/dispatch/v1/billing.proto",
}

func RegisterBillingServiceServer(s grpc.ServiceRegistrar, srv BillingServiceServer) {
	s.RegisterService(&BillingService_ServiceDesc, srv)
}
