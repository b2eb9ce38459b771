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
