// Code shaped after protoc-gen-go-grpc output for locker/v1/courier.proto.

package lockerv1

import (
	"context"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
)

const (
	CourierService_ReserveCompartment_FullMethodName = "/locker.v1.CourierService/ReserveCompartment"
	CourierService_DepositParcel_FullMethodName      = "/locker.v1.CourierService/DepositParcel"
	CourierService_CancelReservation_FullMethodName  = "/locker.v1.CourierService/CancelReservation"
)

// CourierServiceClient is the client API for CourierService.
type CourierServiceClient interface {
	ReserveCompartment(ctx context.Context, in *ReserveCompartmentRequest, opts ...grpc.CallOption) (*ReserveCompartmentResponse, error)
	DepositParcel(ctx context.Context, in *DepositParcelRequest, opts ...grpc.CallOption) (*DepositParcelResponse, error)
	CancelReservation(ctx context.Context, in *CancelReservationRequest, opts ...grpc.CallOption) (*CancelReservationResponse, error)
}

type courierServiceClient struct {
	cc grpc.ClientConnInterface
}

func NewCourierServiceClient(cc grpc.ClientConnInterface) CourierServiceClient {
	return &courierServiceClient{cc}
}

func (c *courierServiceClient) ReserveCompartment(ctx context.Context, in *ReserveCompartmentRequest, opts ...grpc.CallOption) (*ReserveCompartmentResponse, error) {
	cOpts := append([]grpc.CallOption{grpc.CallContentSubtype(CodecName)}, opts...)
	out := new(ReserveCompartmentResponse)
	err := c.cc.Invoke(ctx, CourierService_ReserveCompartment_FullMethodName, in, out, cOpts...)
	if err != nil {
		return nil, err
	}
	return out, nil
}

func (c *courierServiceClient) DepositParcel(ctx context.Context, in *DepositParcelRequest, opts ...grpc.CallOption) (*DepositParcelResponse, error) {
	cOpts := append([]grpc.CallOption{grpc.CallContentSubtype(CodecName)}, opts...)
	out := new(DepositParcelResponse)
	err := c.cc.Invoke(ctx, CourierService_DepositParcel_FullMethodName, in, out, cOpts...)
	if err != nil {
		return nil, err
	}
	return out, nil
}

func (c *courierServiceClient) CancelReservation(ctx context.Context, in *CancelReservationRequest, opts ...grpc.CallOption) (*CancelReservationResponse, error) {
	cOpts := append([]grpc.CallOption{grpc.CallContentSubtype(CodecName)}, opts...)
	out := new(CancelReservationResponse)
	err := c.cc.Invoke(ctx, CourierService_CancelReservation_FullMethodName, in, out, cOpts...)
	if err != nil {
		return nil, err
	}
	return out, nil
}

// CourierServiceServer is the server API for CourierService.
// All implementations must embed UnimplementedCourierServiceServer for forward compatibility.
type CourierServiceServer interface {
	ReserveCompartment(context.Context, *ReserveCompartmentRequest) (*ReserveCompartmentResponse, error)
	DepositParcel(context.Context, *DepositParcelRequest) (*DepositParcelResponse, error)
	CancelReservation(context.Context, *CancelReservationRequest) (*CancelReservationResponse, error)
	mustEmbedUnimplementedCourierServiceServer()
}

// UnimplementedCourierServiceServer must be embedded to have forward compatible implementations.
type UnimplementedCourierServiceServer struct{}

func (UnimplementedCourierServiceServer) ReserveCompartment(context.Context, *ReserveCompartmentRequest) (*ReserveCompartmentResponse, error) {
	return nil, status.Errorf(codes.Unimplemented, "method ReserveCompartment not implemented")
}
func (UnimplementedCourierServiceServer) DepositParcel(context.Context, *DepositParcelRequest) (*DepositParcelResponse, error) {
	return nil, status.Errorf(codes.Unimplemented, "method DepositParcel not implemented")
}
func (UnimplementedCourierServiceServer) CancelReservation(context.Context, *CancelReservationRequest) (*CancelReservationResponse, error) {
	return nil, status.Errorf(codes.Unimplemented, "method CancelReservation not implemented")
}
func (UnimplementedCourierServiceServer) mustEmbedUnimplementedCourierServiceServer() {}

func RegisterCourierServiceServer(s grpc.ServiceRegistrar, srv CourierServiceServer) {
	s.RegisterService(&CourierService_ServiceDesc, srv)
}

func _CourierService_ReserveCompartment_Handler(srv any, ctx context.Context, dec func(any) error, interceptor grpc.UnaryServerInterceptor) (any, error) {
	in := new(ReserveCompartmentRequest)
	if err := dec(in); err != nil {
		return nil, err
	}
	if interceptor == nil {
		return srv.(CourierServiceServer).ReserveCompartment(ctx, in)
	}
	info := &grpc.UnaryServerInfo{
		Server:     srv,
		FullMethod: CourierService_ReserveCompartment_FullMethodName,
	}
	handler := func(ctx context.Context, req any) (any, error) {
		return srv.(CourierServiceServer).ReserveCompartment(ctx, req.(*ReserveCompartmentRequest))
	}
	return interceptor(ctx, in, info, handler)
}

func _CourierService_DepositParcel_Handler(srv any, ctx context.Context, dec func(any) error, interceptor grpc.UnaryServerInterceptor) (any, error) {
	in := new(DepositParcelRequest)
	if err := dec(in); err != nil {
		return nil, err
	}
	if interceptor == nil {
		return srv.(CourierServiceServer).DepositParcel(ctx, in)
	}
	info := &grpc.UnaryServerInfo{
		Server:     srv,
		FullMethod: CourierService_DepositParcel_FullMethodName,
	}
	handler := func(ctx context.Context, req any) (any, error) {
		return srv.(CourierServiceServer).DepositParcel(ctx, req.(*DepositParcelRequest))
	}
	return interceptor(ctx, in, info, handler)
}

func _CourierService_CancelReservation_Handler(srv any, ctx context.Context, dec func(any) error, interceptor grpc.UnaryServerInterceptor) (any, error) {
	in := new(CancelReservationRequest)
	if err := dec(in); err != nil {
		return nil, err
	}
	if interceptor == nil {
		return srv.(CourierServiceServer).CancelReservation(ctx, in)
	}
	info := &grpc.UnaryServerInfo{
		Server:     srv,
		FullMethod: CourierService_CancelReservation_FullMethodName,
	}
	handler := func(ctx context.Context, req any) (any, error) {
		return srv.(CourierServiceServer).CancelReservation(ctx, req.(*CancelReservationRequest))
	}
	return interceptor(ctx, in, info, handler)
}

// CourierService_ServiceDesc is the grpc.ServiceDesc for CourierService service.
var CourierService_ServiceDesc = grpc.ServiceDesc{
	ServiceName: "locker.v1.CourierService",
	HandlerType: (*CourierServiceServer)(nil),
	Methods: []grpc.MethodDesc{
		{
			MethodName: "ReserveCompartment",
			Handler:    _CourierService_ReserveCompartment_Handler,
		},
		{
			MethodName: "DepositParcel",
			Handler:    _CourierService_DepositParcel_Handler,
		},
		{
			MethodName: "CancelReservation",
			Handler:    _CourierService_CancelReservation_Handler,
		},
	},
	Streams:  []grpc.StreamDesc{},
	Metadata: "locker/v1/courier.proto",
}
