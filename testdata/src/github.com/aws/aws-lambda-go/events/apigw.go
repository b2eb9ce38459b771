package events

// APIGatewayProxyRequest stands for an API Gateway REST request.
type APIGatewayProxyRequest struct {
	Resource       string
	Path           string
	HTTPMethod     string
	Headers        map[string]string
	PathParameters map[string]string
	Body           string
}

// APIGatewayProxyResponse stands for its response.
type APIGatewayProxyResponse struct {
	StatusCode int
	Headers    map[string]string
	Body       string
}

// APIGatewayV2HTTPRequest stands for an API Gateway HTTP API request,
// whose header names are lower case.
type APIGatewayV2HTTPRequest struct {
	RouteKey       string
	RawPath        string
	Headers        map[string]string
	PathParameters map[string]string
	Body           string
}

// APIGatewayV2HTTPResponse stands for its response.
type APIGatewayV2HTTPResponse struct {
	StatusCode int
	Headers    map[string]string
	Body       string
}
